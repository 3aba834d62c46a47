#!/usr/bin/env bash
# CI's proof that a stock generated Swift client reaches every endpoint: builds Clients/Swift (the
# swift-openapi-generator plugin generates ViperdClient from Sources/Web/OpenAPI/openapi.json),
# starts a fresh debug server with its own database, runs ViperdClientJourney against it, stops it.
#
#   bash Scripts/clients/client-journey.sh        (VIPERD_BIN may be set; default .build/debug/viperd)
#
# The journey's user gets money the way an operator gives it: `viperd import-transactions` of a
# one-row card-processor feed (a posted credit of 1,000.00 dated today) into its main account; and
# its verification codes the way a developer reads them: with no --smtp-url the server logs each
# message at `info`, and Scripts/lib/viperd_accounts.py finds the code in that log.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
[[ -x "$VIPERD_BIN" ]] || { echo "client-journey.sh: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 1; }

# The client package's first build compiles the generator (~2-3 minutes on 2 cores).
client="$root/Clients/Swift"
started=$SECONDS
if ! swift build --package-path "$client" --product ViperdClientJourney; then
    echo "client-journey.sh: the client package does not build" >&2
    exit 1
fi
echo "client-journey.sh: client built in $((SECONDS - started)) s"
journey="$(swift build --package-path "$client" --show-bin-path)/ViperdClientJourney"

source "$root/Scripts/lib/viperd-server.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-client-journey.XXXXXX")
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
start_viperd "$VIPERD_BIN" "$work" --log-level info || exit 1

# The funding command the journey runs with its main account's id.
printf '[{"group": "P", "date": "%s", "description": "Opening deposit", "amount": "1000.00", "debit": "C"}]\n' \
    "$(date -u +%F)" >"$work/feed.json"
cat >"$work/fund.sh" <<FUND
#!/usr/bin/env bash
exec "$VIPERD_BIN" import-transactions --db "$work/db.sqlite" --account "\$1" "$work/feed.json" >/dev/null
FUND
chmod +x "$work/fund.sh"
# The command the journey runs as `mail-code.sh EMAIL N`: the Nth verification code mailed to EMAIL.
cat >"$work/mail-code.sh" <<CODE
#!/usr/bin/env bash
exec python3 "$root/Scripts/lib/viperd_accounts.py" code --log "$work/server.log" --email "\$1" --nth "\$2"
CODE
chmod +x "$work/mail-code.sh"

"$journey" "$base" --fund "$work/fund.sh" --mail-code "$work/mail-code.sh"
status=$?
stop_viperd
((server_status == 0)) || { echo "client-journey.sh: the server crashed or stopped uncleanly" >&2; exit 1; }
if ((status != 0)); then
    echo "client-journey.sh: the journey failed; the end of the server's log:" >&2
    tail -n 40 "$work/server.log" >&2
fi
exit $status
