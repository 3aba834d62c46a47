#!/usr/bin/env bash
# SQLite, PostgreSQL with one instance, and PostgreSQL with two instances behind nginx, measured in
# one run with the same wrk workloads and the same Locust journeys; prints a Markdown table of
# requests/s and p99. Not run by CI or tests: the lead runs it on a quiet machine.
#
# Usage: Scripts/bench/bench-postgres.sh
# Environment: DURATION [10] (seconds per wrk workload), CONNECTIONS [32], THREADS [2],
#   JOURNEY_DURATION [20s], JOURNEY_USERS [50], CONFIGS ["sqlite pg1 pg1-nginx pg2"], SKIP_BUILD=1.
#
# Every configuration gets a fresh store (PostgreSQL durable: fsync and synchronous_commit on, as
# SQLite's synchronous=FULL), seeded with 10,000 contacts of one user (`seed-bench`); sqlite and
# pg1 are measured on the instance itself, pg1-nginx and pg2 through nginx (Scripts/deploy/cluster.sh),
# so pg1-nginx vs pg2 shows what the second instance adds and pg1 vs pg1-nginx what nginx costs.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
# The journeys' Locust users all register from 127.0.0.1 (through nginx too: it is a trusted proxy),
# past the per-address limit of 20 an hour that would answer 429. The instances Scripts/deploy/cluster.sh
# starts inherit this environment.
export VIPERD_MAX_REGISTRATIONS_PER_ADDRESS=0
cd "$(dirname "$0")/../.."
root=$(pwd)

command -v wrk >/dev/null || { echo "bench-postgres: 'wrk' not found; apt-get install -y wrk" >&2; exit 2; }
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then swift build -c release --product viperd; fi
binary=$root/.build/release/viperd
[[ -x $binary ]] || { echo "bench-postgres: $binary missing" >&2; exit 2; }

duration=${DURATION:-10} connections=${CONNECTIONS:-32} threads=${THREADS:-2}
work=/tmp/viperd-bench-postgres-$$
mkdir -p "$work"
current=""
trap '[[ -n $current ]] && Scripts/deploy/cluster.sh stop "$current" >/dev/null 2>&1 || true' EXIT

lua() {
    local name=$1
    case $name in
    get) cat <<LUA
local ids = {}
for line in io.lines("$work/ids.txt") do ids[#ids + 1] = line end
wrk.headers["Authorization"] = "Bearer $token"
request = function()
    return wrk.format("GET", "/v1/contacts/" .. ids[math.random(#ids)])
end
LUA
    ;;
    list) cat <<LUA
wrk.headers["Authorization"] = "Bearer $token"
request = function() return wrk.format("GET", "/v1/contacts?limit=20") end
LUA
    ;;
    post) cat <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local counter = 0
request = function()
    counter = counter + 1
    local name = "Bench " .. tostring(tid) .. "-" .. counter
    return wrk.format(nil, "/v1/contacts", nil, '{"firstName":"' .. name .. '","lastName":"Contact","email":"bench@example.com"}')
end
LUA
    ;;
    transfer) cat <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $transfer_token"
wrk.body = '{"fromAccountId":"$from","toAccountId":"$to","amount":"0.01"}'
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local counter = 0
request = function()
    counter = counter + 1
    local headers = { ["Idempotency-Key"] = "bench-" .. tostring(tid) .. "-" .. counter }
    for name, value in pairs(wrk.headers) do headers[name] = value end
    return wrk.format(nil, "/v1/transfers", headers)
end
LUA
    ;;
    esac
}

# Requests/s and p99 (ms) of one wrk run, or "failed" when any answer was not 2xx.
measure() {
    local name=$1 base=$2
    lua "$name" >"$work/$name.lua"
    wrk -t "$threads" -c "$connections" -d "${duration}s" --latency -s "$work/$name.lua" "$base" >"$work/$name.txt" 2>&1
    if grep -q "Non-2xx\|Socket errors" "$work/$name.txt"; then
        echo "bench-postgres: $name on $base had errors:" >&2
        grep -E "Non-2xx|Socket errors" "$work/$name.txt" >&2
    fi
    local rps p99
    rps=$(awk '/Requests\/sec/ {printf "%d", $2}' "$work/$name.txt")
    p99=$(awk '$1 == "99%" {print $2}' "$work/$name.txt")
    echo "$rps ($p99)"
}

rows=()
for config in ${CONFIGS:-sqlite pg1 pg1-nginx pg2}; do
    dir=$work/$config
    case $config in
    sqlite) args=(--instances 1 --backend sqlite) ;;
    pg1 | pg1-nginx) args=(--instances 1) ;;
    pg2) args=(--instances 2) ;;
    *) echo "bench-postgres: unknown configuration $config" >&2; exit 2 ;;
    esac
    echo "== $config" >&2
    current=$dir
    Scripts/deploy/cluster.sh start "$dir" --binary "$binary" "${args[@]}" >/dev/null
    # Read, not sourced: the database URL holds an '&'.
    while IFS='=' read -r key value; do declare "$key=$value"; done <"$dir/cluster.env"
    if [[ $config == sqlite ]]; then store=(--db "$DATABASE_PATH"); else store=(--database-url "$DATABASE_URL"); fi
    case $config in sqlite | pg1) base=$INSTANCE_1 ;; *) base=$BALANCER ;; esac
    "$binary" seed-bench "${store[@]}" --contacts 10000 --ids-file "$work/ids.txt" --token-file "$work/token" >/dev/null
    token=$(cat "$work/token")
    # The transfers' user: registered through the API (202, then signed in for the token; it pays
    # only its own accounts, so it stays unverified), funded by the operator's importer.
    transfer_token=$(python3 Scripts/lib/viperd_accounts.py register --base "$base" --name Bench \
        --email bench-transfers@example.com --password bench-password-1)
    from=$(curl -fs "$base/v1/accounts" -H "Authorization: Bearer $transfer_token" | sed -E 's/.*"items":\[\{"id":"([^"]+)".*/\1/')
    to=$(curl -fs "$base/v1/accounts" -H "Authorization: Bearer $transfer_token" -H 'Content-Type: application/json' \
        -d '{"name":"Savings","currency":"CAD"}' | sed -E 's/^\{"id":"([^"]+)".*/\1/')
    printf '[{"group":"P","date":"2026-01-01","description":"Bench funding","amount":"900000000000.00","debit":"C"}]' >"$work/feed.json"
    "$binary" import-transactions "${store[@]}" --account "$from" "$work/feed.json" >/dev/null
    row="| $config"
    for workload in get list post transfer; do
        row+=" | $(measure "$workload" "$base")"
    done
    bash Scripts/load/run.sh --host "$base" --users "${JOURNEY_USERS:-50}" --spawn-rate 25 \
        --duration "${JOURNEY_DURATION:-20s}" --out "$work/$config-locust" >"$work/$config-locust.log" 2>&1 || true
    journeys=$(python3 - "$work/$config-locust" <<'PY'
import csv, glob, sys
for path in glob.glob(sys.argv[1] + "/*_stats.csv"):
    for row in csv.DictReader(open(path)):
        if row.get("Name") == "Aggregated":
            print(f'{float(row["Requests/s"]):.0f} ({row["99%"]}ms, {row["Failure Count"]} failed)')
PY
)
    row+=" | ${journeys:-n/a} |"
    rows+=("$row")
    Scripts/deploy/cluster.sh stop "$dir" >/dev/null
    current=""
done

echo
echo "wrk: -t$threads -c$connections ${duration}s; journeys: Locust ${JOURNEY_USERS:-50} users ${JOURNEY_DURATION:-20s}. Requests/s (p99)."
echo
echo "| configuration | GET contact | list contacts | POST contact | POST transfer | journeys |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
rm -rf "$work"
