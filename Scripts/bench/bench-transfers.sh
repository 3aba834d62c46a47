#!/usr/bin/env bash
# Benchmark POST /v1/transfers (distinct Idempotency-Keys, a funded account) with wrk against a
# release build, at one SQLite synchronous setting. Not run by CI or tests: the lead runs it.
#
# Usage: Scripts/bench/bench-transfers.sh [--sqlite-synchronous full|normal]
# Environment: DURATION [10], CONNECTIONS [16], THREADS [2], PORT [8089], SKIP_BUILD=1.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

synchronous=full
if [[ "${1:-}" == "--sqlite-synchronous" ]]; then synchronous="${2:?full or normal}"; fi
[[ "$synchronous" == full || "$synchronous" == normal ]] || { echo "bench-transfers: synchronous must be full or normal" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-transfers: 'wrk' not found; install with: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "bench-transfers: 'curl' not found" >&2; exit 2; }

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
viperd=.build/release/viperd
[[ -x "$viperd" ]] || { echo "bench-transfers: $viperd missing" >&2; exit 2; }

work=$(mktemp -d)
port=${PORT:-8089}
base="http://127.0.0.1:$port"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

"$viperd" migrate --db "$work/bench.sqlite" >/dev/null
"$viperd" serve --db "$work/bench.sqlite" --port "$port" --sqlite-synchronous "$synchronous" --log-level error &
server=$!
for _ in $(seq 50); do curl -fs "$base/health" >/dev/null && break; sleep 0.1; done

# Registered (202) and signed in (the token); it pays only its own accounts, so it stays unverified.
token=$(python3 Scripts/lib/viperd_accounts.py register --base "$base" --name Bench \
    --email bench-transfers@example.com --password bench-password-1)
auth="Authorization: Bearer $token"
from=$(curl -fs "$base/v1/accounts" -H "$auth" | sed -E 's/.*"items":\[\{"id":"([^"]+)".*/\1/')
to=$(curl -fs "$base/v1/accounts" -H "$auth" -H 'Content-Type: application/json' -d '{"name":"Savings","currency":"CAD"}' \
    | sed -E 's/^\{"id":"([^"]+)".*/\1/')
# Enough money for every transfer the run can make: one posted credit through the operator's importer.
printf '[{"group":"P","date":"2026-01-01","description":"Bench funding","amount":"900000000000.00","debit":"C"}]' > "$work/feed.json"
"$viperd" import-transactions --db "$work/bench.sqlite" --account "$from" "$work/feed.json" >/dev/null

cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.body = '{"fromAccountId":"$from","toAccountId":"$to","amount":"0.01"}'
-- Each wrk thread has its own Lua state with the same random seed, so keys carry the thread's
-- number (set in setup) and a counter: distinct across threads without any randomness.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
local counter = 0
request = function()
    counter = counter + 1
    -- wrk.format uses the table it is given instead of wrk.headers, so copy them in.
    local headers = { ["Idempotency-Key"] = "bench-" .. tostring(tid) .. "-" .. counter }
    for name, value in pairs(wrk.headers) do headers[name] = value end
    return wrk.format(nil, nil, headers)
end
LUA

echo "POST /v1/transfers, synchronous=$synchronous"
wrk -t "${THREADS:-2}" -c "${CONNECTIONS:-16}" -d "${DURATION:-10}s" --latency -s "$work/post.lua" "$base/v1/transfers" | tee "$work/wrk.txt"
# A run whose answers are not 201 measured refusals, not transfers: fail it rather than report it.
if grep -q "Non-2xx" "$work/wrk.txt"; then
    echo "bench-transfers: some answers were not 2xx; the figures above are not transfers" >&2
    exit 1
fi
