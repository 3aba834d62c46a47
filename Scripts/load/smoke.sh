#!/usr/bin/env bash
# CI's smoke of the load-test journeys: a fresh debug server on a free port with its own
# database, 10 users for 15 seconds, zero failures required. Each user's first account gets a
# deposit the operator's way (`viperd import-transactions`), so the transfers journey holds money
# for unverified addresses and cancels it.
#
# STREAM_HOLDERS=W adds live-event stream holders (run.sh --stream-holders W): the server then logs
# at info (their verification codes) and takes any number of registrations from loopback.
#
#   bash Scripts/load/smoke.sh        (VIPERD_BIN, DURATION, USERS, STREAM_HOLDERS may be set)
set -uo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
[[ -x "$VIPERD_BIN" ]] || { echo "smoke.sh: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 1; }

source "$root/Scripts/lib/viperd-server.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-loadtest.XXXXXX")
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
holders=${STREAM_HOLDERS:-0}
if ((holders > 0)); then
    start_viperd "$VIPERD_BIN" "$work" --log-level info --max-registrations-per-address 0 || exit 1
    # Holders hash a password too: a slower start keeps a debug build's hashing queue from filling.
    holder_options=(--stream-holders "$holders" --mail-log "$work/server.log") spawn_rate=2
else
    start_viperd "$VIPERD_BIN" "$work" --log-level notice || exit 1
    holder_options=() spawn_rate=5
fi

printf '[{"group": "P", "date": "%s", "description": "Opening deposit", "amount": "1000.00", "debit": "C"}]\n' \
    "$(date -u +%F)" >"$work/deposit.json"
cat >"$work/fund.sh" <<FUND
#!/usr/bin/env bash
exec "$VIPERD_BIN" import-transactions --db "$work/db.sqlite" --account "\$1" "$work/deposit.json" >/dev/null
FUND
chmod +x "$work/fund.sh"

bash "$root/Scripts/load/run.sh" --host "$base" --users "${USERS:-10}" --spawn-rate "$spawn_rate" \
    --duration "${DURATION:-15s}" --out "${OUT:-$work/results}" --fund-command "$work/fund.sh" "${holder_options[@]}"
status=$?
stop_viperd
((server_status == 0)) || { echo "smoke.sh: the server crashed or stopped uncleanly" >&2; exit 1; }
exit $status
