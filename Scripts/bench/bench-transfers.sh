#!/usr/bin/env bash
# Benchmark POST /v1/transfers with wrk against a release build, on SQLite or PostgreSQL, in two
# workloads over the same accounts: USERS users with ACCOUNTS_PER_USER accounts each, every account
# funded, each transfer of 0.01 between two different accounts of one user (its own money: no
# verified address needed), each with its own Idempotency-Key.
#   uniform: every user, and every pair of its accounts, equally likely.
#   hot:     Zipf s=2 over the accounts (ranked in the order they were made: user 1's first, …):
#            the source is drawn by that rank, the destination among its user's other accounts by
#            their rank within the user, so a few accounts take most transfers and their row
#            locks, not round trips, decide.
# Each workload gets a fresh store and server, prints requests/s, p50 and p99, and fails the run
# when any answer was not 2xx (or never came), or when `viperd verify-ledger` finds the money does
# not add up afterwards. Not run by CI or tests: the lead runs it on a quiet machine.
#
# Usage: Scripts/bench/bench-transfers.sh [--store sqlite|postgres] [--sqlite-synchronous full|normal]
# Environment: USERS [32], ACCOUNTS_PER_USER [4], WORKLOADS ["uniform hot"], DURATION [10],
#   CONNECTIONS [16], THREADS [2], PORT [8089], SKIP_BUILD=1.
#
# PostgreSQL is a throw-away server (Scripts/lib/postgres-throwaway.sh) on this machine, durable:
# fsync and synchronous_commit on, as SQLite's synchronous=FULL.
set -euo pipefail
# Each user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
# Its users all register from 127.0.0.1, past the per-address limit (20 an hour), and may hold
# more accounts than the default quota.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
export VIPERD_MAX_REGISTRATIONS_PER_ADDRESS=0 VIPERD_MAX_ACCOUNTS_PER_USER=0
cd "$(dirname "$0")/../.."

usage() { echo "usage: $0 [--store sqlite|postgres] [--sqlite-synchronous full|normal]" >&2; exit 2; }
store=sqlite synchronous=""
while (($# > 0)); do
    case $1 in
    --store) store=${2:-}; shift 2 || usage ;;
    --sqlite-synchronous) synchronous=${2:-}; shift 2 || usage ;;
    *) usage ;;
    esac
done
[[ $store == sqlite || $store == postgres ]] || { echo "bench-transfers: --store must be sqlite or postgres" >&2; exit 2; }
if [[ $store == postgres && -n $synchronous ]]; then
    echo "bench-transfers: --sqlite-synchronous is for --store sqlite (PostgreSQL runs with synchronous_commit on)" >&2
    exit 2
fi
synchronous=${synchronous:-full}
[[ $synchronous == full || $synchronous == normal ]] || { echo "bench-transfers: synchronous must be full or normal" >&2; exit 2; }
users=${USERS:-32} accounts_per_user=${ACCOUNTS_PER_USER:-4} workloads=${WORKLOADS:-uniform hot}
duration=${DURATION:-10} connections=${CONNECTIONS:-16} threads=${THREADS:-2} port=${PORT:-8089}
[[ $users =~ ^[1-9][0-9]{0,3}$ ]] || { echo "bench-transfers: USERS must be 1 to 9999" >&2; exit 2; }
# Two accounts at least: every transfer is between two different accounts of one user.
[[ $accounts_per_user =~ ^[2-9]$|^[1-9][0-9]$ ]] || { echo "bench-transfers: ACCOUNTS_PER_USER must be 2 to 99" >&2; exit 2; }
for workload in $workloads; do
    [[ $workload == uniform || $workload == hot ]] || { echo "bench-transfers: unknown workload '$workload' (uniform, hot)" >&2; exit 2; }
done
command -v wrk >/dev/null || { echo "bench-transfers: 'wrk' not found; install with: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "bench-transfers: 'curl' not found" >&2; exit 2; }

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
viperd=.build/release/viperd
[[ -x "$viperd" ]] || { echo "bench-transfers: $viperd missing" >&2; exit 2; }

work=$(mktemp -d)
# PostgreSQL runs as an unprivileged user when this runs as root: it must reach its folder in here.
if [[ $(id -u) == 0 ]]; then chmod a+rx "$work"; fi
base="http://127.0.0.1:$port"
server=""
pg=""
stop_store() {
    if [[ -n $server ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi
    if [[ -n $pg ]]; then Scripts/lib/postgres-throwaway.sh stop "$pg" >/dev/null 2>&1 || true; pg=""; fi
}
trap 'stop_store; rm -rf "$work"' EXIT

# The wrk script: one for both workloads, told which by its argument. Users are read from
# users.txt, one a line: the token, then the user's account ids.
cat > "$work/transfers.lua" <<LUA
local users, accounts = {}, {}
for line in io.lines("$work/users.txt") do
    local fields = {}
    for field in line:gmatch("%S+") do fields[#fields + 1] = field end
    local user = { token = fields[1], accounts = {} }
    for i = 2, #fields do
        user.accounts[#user.accounts + 1] = fields[i]
        accounts[#accounts + 1] = { user = user, index = i - 1 }
    end
    users[#users + 1] = user
end

-- Zipf s=2 over ranks 1..n, cumulative: the draw is a binary search, not a sum per request.
local function zipf_table(n)
    local cumulative, total = {}, 0
    for rank = 1, n do total = total + 1 / (rank * rank); cumulative[rank] = total end
    for rank = 1, n do cumulative[rank] = cumulative[rank] / total end
    cumulative[n] = 1
    return cumulative
end
local function zipf_draw(cumulative)
    local u, low, high = math.random(), 1, #cumulative
    while low < high do
        local middle = math.floor((low + high) / 2)
        if cumulative[middle] < u then low = middle + 1 else high = middle end
    end
    return low
end
local by_account = zipf_table(#accounts)
local by_other = zipf_table(#users[1].accounts - 1)

local workload = "uniform"
-- Each wrk thread has its own Lua state with the same random seed: seeded by the thread's
-- number (set in setup), so threads draw different transfers, the same ones in every run.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
function init(args)
    workload = args[1] or workload
    math.randomseed(tid)
end

-- The user, and the positions of the two different accounts it moves money between.
local function pick()
    if workload == "hot" then
        local source = accounts[zipf_draw(by_account)]
        local other = zipf_draw(by_other)
        return source.user, source.index, other < source.index and other or other + 1
    end
    local user = users[math.random(#users)]
    local from = math.random(#user.accounts)
    local to = math.random(#user.accounts - 1)
    return user, from, to < from and to or to + 1
end

local counter = 0
request = function()
    counter = counter + 1
    local user, from, to = pick()
    local headers = {
        ["Content-Type"] = "application/json",
        ["Authorization"] = "Bearer " .. user.token,
        -- Distinct across threads without any randomness: the thread's number and a counter.
        ["Idempotency-Key"] = "bench-" .. tostring(tid) .. "-" .. counter,
    }
    local body = '{"fromAccountId":"' .. user.accounts[from] .. '","toAccountId":"' .. user.accounts[to] .. '","amount":"0.01"}'
    return wrk.format("POST", "/v1/transfers", headers, body)
end
LUA

# Starts a fresh store and a server on it; sets store_args (how viperd's commands reach the store).
start_store() {
    local dir=$1
    mkdir -p "$dir"
    local serve_args=()
    if [[ $store == sqlite ]]; then
        store_args=(--db "$dir/bench.sqlite")
        serve_args=(--sqlite-synchronous "$synchronous")
    else
        pg=$dir/pg
        # Without --fast: fsync and synchronous_commit stay on. Stopped by the EXIT trap, or by the
        # watcher should this script be killed.
        local url
        url=$(Scripts/lib/postgres-throwaway.sh start "$pg" --watch $$)
        store_args=(--database-url "$url")
    fi
    "$viperd" migrate "${store_args[@]}" >/dev/null
    # The access token a sign-in hands out lasts 5 minutes by default: long runs keep theirs.
    "$viperd" serve "${store_args[@]}" --port "$port" "${serve_args[@]}" --access-token-minutes 600 --log-level error &
    server=$!
    for _ in $(seq 100); do curl -fs "$base/health/ready" >/dev/null 2>&1 && return 0; sleep 0.1; done
    echo "bench-transfers: the server on $base never answered /health/ready" >&2
    exit 1
}

# Registers the users through the API (202, then signed in for the token; they pay only their own
# accounts, so they stay unverified), gives each its accounts, and writes users.txt.
make_users() {
    python3 - "$base" "$users" "$accounts_per_user" "$work/users.txt" <<'PY'
import sys
sys.path.insert(0, "Scripts/lib")
import viperd_accounts

base, users, per_user, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
send = viperd_accounts.sender(base)


def call(expected, method, route, body=None, token=None):
    status, answer = send(method, route, body=body, token=token)
    if status != expected:
        sys.exit(f"bench-transfers: {method} {route}: expected {expected}, got {status}: {answer}")
    return answer


with open(path, "w") as lines:
    for n in range(1, users + 1):
        token = viperd_accounts.register(send, f"Bench {n}", f"bench-transfers-{n}@example.com", "bench-password-1")["token"]
        # The one account registration gave, in the server's default currency; the others in the same.
        first = call(200, "GET", "/v1/accounts", token=token)["items"][0]
        ids = [first["id"]]
        for k in range(2, per_user + 1):
            created = call(201, "POST", "/v1/accounts", {"name": f"Bench {k}", "currency": first["currency"]}, token)
            ids.append(created["id"])
        lines.write(" ".join([token] + ids) + "\n")
PY
}

# Enough money in every account for every transfer the run can make: one posted credit each,
# through the operator's importer.
fund_accounts() {
    printf '[{"group":"P","date":"2026-01-01","description":"Bench funding","amount":"900000000000.00","debit":"C"}]' > "$work/feed.json"
    local token ids id
    while read -r token ids; do
        for id in $ids; do
            "$viperd" import-transactions "${store_args[@]}" --account "$id" "$work/feed.json" >/dev/null 2>"$work/import.log" \
                || { cat "$work/import.log" >&2; exit 1; }
        done
    done < "$work/users.txt"
}

describe=$store
if [[ $store == sqlite ]]; then describe+=" synchronous=$synchronous"; else describe+=" (fsync, synchronous_commit on)"; fi
rows=() failed=0
for workload in $workloads; do
    echo "== POST /v1/transfers, $workload, $describe, $users users × $accounts_per_user accounts"
    start_store "$work/$workload"
    make_users
    fund_accounts
    out=$work/$workload.txt
    wrk -t "$threads" -c "$connections" -d "${duration}s" --latency -s "$work/transfers.lua" "$base/v1/transfers" -- "$workload" | tee "$out"
    # What was answered 201 must add up, hot accounts above all (one snapshot: the server idles).
    ledger=ok
    "$viperd" verify-ledger "${store_args[@]}" > "$work/$workload-ledger.txt" 2>&1 || ledger=failed
    stop_store
    rps=$(awk '/Requests\/sec/ {printf "%d", $2}' "$out")
    p50=$(awk '$1 == "50%" {print $2}' "$out")
    p99=$(awk '$1 == "99%" {print $2}' "$out")
    verdict=ok
    # A run whose answers are not 201 measured refusals (or nothing), not transfers: fail it.
    if grep -qE "Non-2xx|Socket errors" "$out"; then
        echo "bench-transfers: $workload: some answers were not 2xx or never came; the figures above are not transfers" >&2
        verdict="FAILED: $(grep -E 'Non-2xx|Socket errors' "$out" | tr -s ' ' | paste -sd ';')"
        failed=1
    fi
    if [[ $ledger != ok ]]; then
        echo "bench-transfers: $workload: verify-ledger found the ledger does not add up:" >&2
        cat "$work/$workload-ledger.txt" >&2
        verdict="FAILED: ledger"
        failed=1
    fi
    rows+=("| $workload | $rps | $p50 | $p99 | $verdict |")
done

echo
echo "POST /v1/transfers on $describe, $users users × $accounts_per_user accounts; wrk -t$threads -c$connections ${duration}s."
echo
echo "| workload | req/s | p50 | p99 | answers |"
echo "|---|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
exit "$failed"
