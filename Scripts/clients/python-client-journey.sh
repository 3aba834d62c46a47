#!/usr/bin/env bash
# CI's proof that the generated Python client refreshes sessions without the app noticing (and
# handles money that waits for its payee):
# generates viperd_client from openapi.json (Scripts/clients/generated-clients.sh python, pinned
# openapi-python-client in .venv-openapi-python-client, whose httpx the client and
# Clients/Python/viperd_refresh.py run on), starts a fresh debug server whose access tokens live
# 3 seconds, runs Scripts/clients/python-client-journey.py against it, stops it.
#
#   bash Scripts/clients/python-client-journey.sh     (VIPERD_BIN may be set; default .build/debug/viperd)
#
# Verification codes are read from the server's log (no --smtp-url: it logs each message at info).
# Money comes the way an operator gives it: `viperd import-transactions` of a one-row feed (a
# posted credit of 1,000.00 dated today), run by the journey with its account's id.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
VENV=${VENV:-$root/.venv-openapi-python-client}
[[ -x "$VIPERD_BIN" ]] || { echo "python-client-journey.sh: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 1; }

source "$root/Scripts/lib/viperd-server.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-python-client-journey.XXXXXX")
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT

KEEP_PYTHON_CLIENT="$work/client" VENV="$VENV" bash "$root/Scripts/clients/generated-clients.sh" python || exit 1
start_viperd "$VIPERD_BIN" "$work" --log-level info --access-token-minutes 0.05 || exit 1

printf '[{"group": "P", "date": "%s", "description": "Opening deposit", "amount": "1000.00", "debit": "C"}]\n' \
    "$(date -u +%F)" >"$work/feed.json"
cat >"$work/fund.sh" <<FUND
#!/usr/bin/env bash
exec "$VIPERD_BIN" import-transactions --db "$work/db.sqlite" --account "\$1" "$work/feed.json" >/dev/null
FUND
chmod +x "$work/fund.sh"

timeout --kill-after=10 240 "$VENV/bin/python" "$root/Scripts/clients/python-client-journey.py" \
    "$base" "$work/server.log" "$work/client" "$work/fund.sh"
status=$?
stop_viperd
((server_status == 0)) || { echo "python-client-journey.sh: the server crashed or stopped uncleanly" >&2; exit 1; }
if ((status != 0)); then
    echo "python-client-journey.sh: the journey failed; the end of the server's log:" >&2
    tail -n 40 "$work/server.log" >&2
fi
exit $status
