#!/usr/bin/env bash
# What one request costs, and where: the inputs of the capacity model in docs/PERFORMANCE.md
# ("A capacity model for N instance machines", issue 40). For each configuration (one instance
# measured directly, one behind nginx, two behind nginx; Scripts/deploy/cluster.sh on a durable
# throw-away PostgreSQL) and each workload (GET a contact by id, POST a contact, POST a transfer
# between two accounts of a random user as bench-transfers.sh's `uniform`), a wrk run and, around
# it, per request: viperd's CPU (every instance), PostgreSQL's CPU (the postmaster, its live
# children and its reaped ones), nginx's and wrk's CPU, WAL bytes, WAL flushes (pg_stat_wal.wal_sync),
# commits (pg_stat_database.xact_commit) and round trips (viperd_postgres_round_trips_total), with
# requests/s, mean latency and p99. Then pgbench runs the statements a contact create and a
# transfer run (Scripts/bench/pgbench/*.sql) straight on the same PostgreSQL: its cost without
# viperd. Prints one Markdown table. Not run by CI or tests: the lead runs it on a quiet machine.
#
# Usage: Scripts/bench/bench-capacity.sh
# Environment: BINARY [.build/release/viperd] (a release build: this script builds nothing),
#   DURATION [10] (seconds per measured run, after WARMUP [2] unmeasured), CONNECTIONS [16],
#   THREADS [2], USERS [32], ACCOUNTS_PER_USER [4], CONFIGS ["pg1 pg1-nginx pg2"],
#   WORKLOADS ["get contact transfer"], PGBENCH [1] (0: skip it), PGBENCH_CLIENTS [CONNECTIONS],
#   FSYNC_TEST [1] (0: skip pg_test_fsync, which times one 8 kB write and fdatasync in the folder
#   PostgreSQL's WAL is in: the flush bound's input).
#
# CPU is read from /proc/PID/stat (utime+stime, and cutime+cstime of the postmaster and nginx's
# master for the children that ended), so every process must run on this machine. "CPU bound"
# is what this machine would serve were its cores never idle: cores / (the four CPU columns'
# sum). "busy" is all of that CPU over the run's wall time and the machine's cores, so the
# measured req/s = busy × CPU bound: below 100 % means the processes waited (for flushes, locks
# or each other) or the hypervisor took the cores, not that CPU was short. From /proc/stat
# beside it: "other CPU" (ms a request of the machine's CPU used by anything else: kernel threads,
# processes outside the benchmark), "idle" and "steal" (the hypervisor's), in % of the machine.
set -euo pipefail
# Writes here come as fast as the server allows: the per-user rates (tested by the suite) would
# answer 429 and measure themselves. The users all register from 127.0.0.1, past the per-address
# limit, and hold more accounts than the default quota. The instances cluster.sh starts inherit this.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
export VIPERD_MAX_REGISTRATIONS_PER_ADDRESS=0 VIPERD_MAX_ACCOUNTS_PER_USER=0
cd "$(dirname "$0")/../.."
root=$(pwd)

binary=${BINARY:-.build/release/viperd}
[[ $binary == /* ]] || binary=$root/$binary
[[ -x $binary ]] || { echo "bench-capacity: no viperd at $binary (build it: swift build -c release --product viperd)" >&2; exit 2; }
duration=${DURATION:-10} warmup=${WARMUP:-2} connections=${CONNECTIONS:-16} threads=${THREADS:-2}
users=${USERS:-32} accounts_per_user=${ACCOUNTS_PER_USER:-4}
pgbench_clients=${PGBENCH_CLIENTS:-$connections}
for tool in wrk curl python3 psql; do
    command -v "$tool" >/dev/null || { echo "bench-capacity: '$tool' not found" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "bench-capacity: /usr/bin/time not found (apt-get install -y time): it measures wrk's CPU" >&2; exit 2; }
pgbench=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -n 1 || true)
if [[ ${PGBENCH:-1} == 1 && ! -x $pgbench ]]; then echo "bench-capacity: pgbench not found (PGBENCH=0 skips it)" >&2; exit 2; fi

work=$(mktemp -d /tmp/viperd-bench-capacity.XXXXXX)
# PostgreSQL and nginx's workers run as other users when this runs as root: they must reach in here.
if [[ $(id -u) == 0 ]]; then chmod a+rx "$work"; fi
current=""
trap '[[ -n $current ]] && Scripts/deploy/cluster.sh stop "$current" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
fsync="not measured"
if [[ ${FSYNC_TEST:-1} == 1 ]]; then
    test_fsync=$(command -v pg_test_fsync || ls /usr/lib/postgresql/*/bin/pg_test_fsync 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -x $test_fsync ]]; then
        # The first fdatasync line: one 8 kB write, then fdatasync (wal_sync_method's default on Linux).
        fsync=$("$test_fsync" -s 1 -f "$work/fsync.test" 2>/dev/null | awk '!found && $1 == "fdatasync" {print $2 " flushes/s (" $4 " µs)"; found = 1}')
        rm -f "$work/fsync.test"
    fi
fi

# --- wrk's scripts: users.txt holds a line per user, its token then its account ids -------------
cat >"$work/get.lua" <<LUA
local ids = {}
for line in io.lines("$work/ids.txt") do ids[#ids + 1] = line end
local token = io.open("$work/token"):read("*l")
request = function()
    return wrk.format("GET", "/v1/contacts/" .. ids[math.random(#ids)], { ["Authorization"] = "Bearer " .. token })
end
LUA
cat >"$work/users.lua" <<LUA
local users = {}
for line in io.lines("$work/users.txt") do
    local fields = {}
    for field in line:gmatch("%S+") do fields[#fields + 1] = field end
    users[#users + 1] = { token = table.remove(fields, 1), accounts = fields }
end
-- Each wrk thread has its own Lua state with the same seed: seeded by the thread's number.
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
function init(args) math.randomseed(tid) end
local counter = 0
LUA
cat "$work/users.lua" - >"$work/contact.lua" <<'LUA'
request = function()
    counter = counter + 1
    local user = users[math.random(#users)]
    local body = '{"firstName":"Bench ' .. tostring(tid) .. '-' .. counter .. '","lastName":"Contact","email":"bench@example.com"}'
    return wrk.format("POST", "/v1/contacts", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. user.token }, body)
end
LUA
# bench-transfers.sh's `uniform`: a random user, two different accounts of it, 0.01.
cat "$work/users.lua" - >"$work/transfer.lua" <<'LUA'
request = function()
    counter = counter + 1
    local user = users[math.random(#users)]
    local from = math.random(#user.accounts)
    local to = math.random(#user.accounts - 1)
    if to >= from then to = to + 1 end
    local headers = {
        ["Content-Type"] = "application/json",
        ["Authorization"] = "Bearer " .. user.token,
        ["Idempotency-Key"] = "capacity-" .. tostring(tid) .. "-" .. counter,
    }
    local body = '{"fromAccountId":"' .. user.accounts[from] .. '","toAccountId":"' .. user.accounts[to] .. '","amount":"0.01"}'
    return wrk.format("POST", "/v1/transfers", headers, body)
end
LUA

# --- counters -------------------------------------------------------------------------------
# One snapshot as JSON: CPU ticks of each group of processes, PostgreSQL's counters, and the
# instances' round trips and commits. Arguments: postmaster pid, nginx master pid (or 0), then
# `pid=metrics-url` for each instance.
snapshot() {
    local postmaster=$1 nginx=$2
    shift 2
    local stats
    stats=$(psql "$DATABASE_URL" -XtAF ' ' -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0'), \
        (SELECT wal_sync FROM pg_stat_wal), (SELECT wal_write FROM pg_stat_wal), \
        (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())")
    python3 - "$postmaster" "$nginx" "$stats" "$@" <<'PY'
import json, os, sys, urllib.request

def stat(pid):
    """(ppid, utime+stime, cutime+cstime) in ticks, or None once the process is gone."""
    try:
        raw = open(f"/proc/{pid}/stat").read()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()   # after the command name, which may hold spaces
    return int(fields[1]), int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])

def tree(parent):
    """The parent's own and reaped children's ticks plus its live children's (and theirs)."""
    if parent == 0:
        return 0
    own = stat(parent)
    if own is None:
        return 0
    total = own[1] + own[2]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            child = stat(int(entry))
            if child and child[0] == parent:
                total += child[1] + child[2]
    return total

postmaster, nginx, stats = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split()
viperd = round_trips = commits = 0
for spec in sys.argv[4:]:
    pid, url = spec.split("=", 1)
    own = stat(int(pid))
    viperd += own[1] if own else 0
    for line in urllib.request.urlopen(url, timeout=10).read().decode().splitlines():
        if line.startswith("viperd_postgres_round_trips_total "):
            round_trips += float(line.split()[1])
        elif line.startswith("viperd_postgres_commits_total "):
            commits += float(line.split()[1])
print(json.dumps({"viperd": viperd, "pg": tree(postmaster), "nginx": tree(nginx),
                  "wal": float(stats[0]), "wal_sync": int(stats[1]), "wal_write": int(stats[2]),
                  "xact": int(stats[3]), "round_trips": round_trips, "commits": commits}))
PY
}

# One table row from two snapshots and the load generator's output. Arguments: config, workload,
# before.json, after.json, wrk|pgbench, its output, its `/usr/bin/time -f '%U %S'` file.
row() {
    python3 - "$@" "$(getconf CLK_TCK)" "$(nproc)" <<'PY'
import json, re, sys
config, workload, before, after, tool, output, timing, ticks, cores = sys.argv[1:10]
a, b = json.load(open(before)), json.load(open(after))
text = open(output).read()
d = {key: b[key] - a[key] for key in a}
# The machine's CPU just before and just after the load generator ran (/proc/stat's first line:
# user nice system idle iowait irq softirq steal, in ticks over all cores).
before_stat, after_stat = ([int(x) for x in open(f"{before}.stat").read().split()[1:9]] for before in (before, after))
machine = [y - x for x, y in zip(before_stat, after_stat)]
ticks, cores = int(ticks), int(cores)
user, system = (float(x) for x in open(timing).read().split()[-2:])
if tool == "wrk":
    requests = int(re.search(r"(\d+) requests in ([\d.]+)(\w+)", text).group(1))
    wall = float(re.search(r"(\d+) requests in ([\d.]+)(\w+)", text).group(2))
    unit = re.search(r"(\d+) requests in ([\d.]+)(\w+)", text).group(3)
    wall = wall * {"s": 1, "ms": 0.001, "m": 60}[unit]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))

    def ms(value):
        number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
        return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
    mean = ms(re.search(r"Latency\s+(\S+)", text).group(1))
    p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    errors = re.search(r"Non-2xx[^\n]*|Socket errors[^\n]*", text)
else:
    requests = int(re.search(r"number of transactions actually processed: (\d+)", text).group(1))
    rate = float(re.search(r"tps = ([\d.]+)", text).group(1))
    wall = requests / rate
    mean = float(re.search(r"latency average = ([\d.]+) ms", text).group(1))
    p99 = None
    errors = re.search(r"number of failed transactions: [1-9][^\n]*", text)
per = lambda ticks_used: 1000 * ticks_used / ticks / requests      # ms of CPU a request
cpu = {"viperd": per(d["viperd"]), "pg": per(d["pg"]), "nginx": per(d["nginx"]),
       "client": 1000 * (user + system) / requests}
busy = 100 * sum(cpu.values()) * requests / 1000 / wall / cores
# What else ran meanwhile (kernel threads, anything outside this benchmark), what stood idle, and
# what the hypervisor took (steal), over the machine's ticks between the snapshots.
user, nice, system, idle, iowait, irq, softirq, steal = machine
used = user + nice + system + irq + softirq
other = max(0.0, per(used) - cpu["viperd"] - cpu["pg"] - cpu["nginx"] - cpu["client"])
idle_share = 100 * (idle + iowait) / sum(machine)
steal_share = 100 * steal / sum(machine)
cells = [config, workload, f"{rate:,.0f}", f"{mean:.2f}", f"{p99:.1f}" if p99 is not None else "–",
         f"{cpu['viperd']:.3f}", f"{cpu['pg']:.3f}", f"{cpu['nginx']:.3f}", f"{cpu['client']:.3f}",
         f"{1000 * cores / sum(cpu.values()):,.0f}", f"{busy:.0f} %", f"{other:.3f}", f"{idle_share:.0f} %", f"{steal_share:.1f} %", f"{d['wal'] / requests:,.0f}", f"{d['wal_sync'] / requests:.3f}",
         f"{d['xact'] / requests:.2f}", f"{d['commits'] / requests:.2f}" if tool == "wrk" else "–",
         f"{d['round_trips'] / requests:.2f}" if tool == "wrk" else "–"]
line = "| " + " | ".join(cells) + " |"
if errors:
    line += f" **{errors.group(0).strip()}**"
print(line)
PY
}

# --- one configuration: a fresh cluster, its users, each workload ----------------------------------
# Registers USERS users through the API (202, then signed in for the token), gives each its
# accounts, and writes users.txt (token, then the account ids).
make_users() {
    python3 - "$1" "$users" "$accounts_per_user" "$work/users.txt" <<'PY'
import sys
sys.path.insert(0, "Scripts/lib")
import viperd_accounts

base, users, per_user, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
send = viperd_accounts.sender(base)
with open(path, "w") as lines:
    for n in range(1, users + 1):
        token = viperd_accounts.register(send, f"Capacity {n}", f"capacity-{n}@example.com", "bench-password-1")["token"]
        status, listed = send("GET", "/v1/accounts", token=token)
        first = listed["items"][0]
        ids = [first["id"]]
        for k in range(2, per_user + 1):
            status, created = send("POST", "/v1/accounts", {"name": f"Bench {k}", "currency": first["currency"]}, token)
            if status != 201:
                sys.exit(f"bench-capacity: POST /v1/accounts answered {status}: {created}")
            ids.append(created["id"])
        lines.write(" ".join([token] + ids) + "\n")
PY
}

rows=()
measure() { # config workload base instance-specs...
    local config=$1 workload=$2 base=$3
    shift 3
    wrk -t "$threads" -c "$connections" -d "${warmup}s" -s "$work/$workload.lua" "$base" >/dev/null 2>&1 || true
    snapshot "$postmaster" "$nginx_pid" "$@" >"$work/before.json"
    head -n 1 /proc/stat >"$work/before.json.stat"
    /usr/bin/time -f '%U %S' -o "$work/time.txt" \
        wrk -t "$threads" -c "$connections" -d "${duration}s" --latency -s "$work/$workload.lua" "$base" >"$work/wrk.txt" 2>&1
    head -n 1 /proc/stat >"$work/after.json.stat"
    # PostgreSQL's backends report their statistics at most once a second.
    sleep 1.5
    snapshot "$postmaster" "$nginx_pid" "$@" >"$work/after.json"
    rows+=("$(row "$config" "$workload" "$work/before.json" "$work/after.json" wrk "$work/wrk.txt" "$work/time.txt")")
    echo "${rows[-1]}" >&2
}

run_pgbench() { # workload instance-specs...
    local workload=$1
    shift
    snapshot "$postmaster" 0 "$@" >"$work/before.json"
    head -n 1 /proc/stat >"$work/before.json.stat"
    /usr/bin/time -f '%U %S' -o "$work/time.txt" \
        "$pgbench" -n -M prepared -c "$pgbench_clients" -j "$threads" -T "$duration" -f "Scripts/bench/pgbench/$workload.sql" \
        -D pairs="$pairs" -D run="$workload$$" -D now="$(date +%s)000" -D seq=0 "$DATABASE_URL" >"$work/pgbench.txt" 2>&1 \
        || { cat "$work/pgbench.txt" >&2; exit 1; }
    head -n 1 /proc/stat >"$work/after.json.stat"
    sleep 1.5
    snapshot "$postmaster" 0 "$@" >"$work/after.json"
    rows+=("$(row pgbench "$workload" "$work/before.json" "$work/after.json" pgbench "$work/pgbench.txt" "$work/time.txt")")
    echo "${rows[-1]}" >&2
}

configs=${CONFIGS:-pg1 pg1-nginx pg2}
last=${configs##* }
for config in $configs; do
    case $config in
    pg1 | pg1-nginx) instances=1 ;;
    pg2) instances=2 ;;
    *) echo "bench-capacity: unknown configuration $config (pg1, pg1-nginx, pg2)" >&2; exit 2 ;;
    esac
    echo "== $config" >&2
    dir=$work/$config
    current=$dir
    VIPERD_SERVE_ARGS="--access-token-minutes 600" \
        Scripts/deploy/cluster.sh start "$dir" --binary "$binary" --instances "$instances" --watch $$ >/dev/null
    # Read, not sourced: the database URL holds an '&'.
    while IFS='=' read -r key value; do declare "$key=$value"; done <"$dir/cluster.env"
    if [[ $config == pg1 ]]; then base=$INSTANCE_1 nginx_pid=0; else base=$BALANCER nginx_pid=$NGINX_PID; fi
    postmaster=$(head -n 1 "$dir/pg/data/postmaster.pid")
    specs=()
    for ((i = 1; i <= instances; i++)); do
        pid_var=INSTANCE_${i}_PID
        metrics=$(sed -n 's|.*metrics on \(http://[^ ]*/metrics\).*|\1|p' "$dir/viperd-$i.log" | head -n 1)
        [[ -n $metrics ]] || { echo "bench-capacity: instance $i's log names no metrics address" >&2; exit 1; }
        specs+=("${!pid_var}=$metrics")
    done
    "$binary" seed-bench --database-url "$DATABASE_URL" --contacts 10000 --ids-file "$work/ids.txt" --token-file "$work/token" >/dev/null
    make_users "$base"
    # Enough money in every account for every transfer: one posted credit each, by the importer.
    printf '[{"group":"P","date":"2026-01-01","description":"Bench funding","amount":"900000000000.00","debit":"C"}]' >"$work/feed.json"
    while read -r token ids; do
        for id in $ids; do
            "$binary" import-transactions --database-url "$DATABASE_URL" --account "$id" "$work/feed.json" >/dev/null
        done
    done <"$work/users.txt"
    for workload in ${WORKLOADS:-get contact transfer}; do
        measure "$config" "$workload" "$base" "${specs[@]}"
    done
    # pgbench once, on the last configuration's PostgreSQL, its instances idle (their CPU is shown).
    if [[ $config == "$last" && ${PGBENCH:-1} == 1 ]]; then
        pairs=$(psql "$DATABASE_URL" -XqtA -f Scripts/bench/pgbench/setup.sql | tail -n 1)
        for workload in contact transfer; do run_pgbench "$workload" "${specs[@]}"; done
    fi
    Scripts/deploy/cluster.sh stop "$dir" >/dev/null
    current=""
done

echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $("$binary" --version 2>/dev/null || echo "viperd $binary"); wrk -t$threads -c$connections ${duration}s after ${warmup}s;"
echo "pgbench -M prepared -c$pgbench_clients -j$threads ${duration}s; $users users × $accounts_per_user accounts; pg_test_fsync 8 kB + fdatasync: $fsync."
echo "CPU in ms a request; WAL in bytes a request; PG commits count read-only transactions too."
echo
echo "| config | workload | req/s | mean ms | p99 ms | viperd CPU | PostgreSQL CPU | nginx CPU | wrk/pgbench CPU | CPU bound | busy | other CPU | idle | steal | WAL bytes | WAL flushes | PG commits | viperd commits | round trips |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
