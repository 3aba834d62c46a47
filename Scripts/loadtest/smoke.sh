#!/usr/bin/env bash
# CI's smoke of the load-test journeys: a fresh debug server on a free port with its own
# database, 10 users for 15 seconds, zero failures required.
#
#   bash Scripts/loadtest/smoke.sh        (VIPERD_BIN, DURATION, USERS may be set)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
[[ -x "$VIPERD_BIN" ]] || { echo "smoke.sh: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-loadtest.XXXXXX")
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# A smoke hammers logins from one address: registrations are not throttled, logins are, and the
# journeys only register.
"$VIPERD_BIN" serve --host 127.0.0.1 --port 0 --db "$work/db.sqlite" --log-level notice 2>"$work/server.log" &
server_pid=$!
port=""
for _ in $(seq 1 300); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
    [[ -n "$port" ]] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
[[ -n "$port" ]] || { echo "smoke.sh: the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

bash "$root/Scripts/loadtest/run.sh" --host "http://127.0.0.1:$port" --users "${USERS:-10}" --spawn-rate 5 \
    --duration "${DURATION:-15s}" --out "${OUT:-$work/results}"
