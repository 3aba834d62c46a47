#!/usr/bin/env bash
# Soak: a release viperd on a fresh database under CONNECTIONS keep-alive connections for
# DURATION, sampling its resident memory (VmRSS) and open descriptors (/proc/PID/fd) every second
# into a CSV, then a cool-down with no load. Prints the errors, RSS start/median/end/max, the
# descriptors at start/end/max and a verdict; exits 1 when the verdict fails:
#   - zero errors (non-2xx/3xx answers and socket errors);
#   - RSS bounded: the median of the load's last tenth is within RSS_GROWTH_PCT (default 10) % of
#     the median of the tenth after warm-up (the first WARMUP, default min(60 s, a tenth));
#   - descriptors back to the idle baseline within COOLDOWN seconds (default 20: the idle
#     keep-alive timeout is 5 s) after the load stops.
# The load is a wrk mix (reads of contacts, products, the account, its transactions and report;
# contact creates; /health) when wrk is installed (apt-get install -y wrk), else the Locust
# journeys (Scripts/load/run.sh) with CONNECTIONS users. Do not run it beside a build or a
# benchmark: the machine should be quiet.
#
#   bash Scripts/load/soak.sh [DURATION] [CONNECTIONS]     DURATION: 30m (default), 60s, 2h; CONNECTIONS: 256
#
# Environment: VIPERD_BIN (default .build/release/viperd, built when missing), OUT (folder for
# soak.csv and the logs; default a temporary folder, kept), WARMUP (seconds), COOLDOWN (seconds),
# RSS_GROWTH_PCT, THREADS (wrk threads, default 2), LOAD=locust (forces the Locust journeys),
# MIX=reads (wrk without the contact creates: the database stops growing, so RSS growth that
# remains is not SQLite's page cache following the data).
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0

absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VIPERD_BIN=$(absolute "${VIPERD_BIN:-}")
OUT=$(absolute "${OUT:-}")
cd "$(dirname "$0")/../.."
root=$PWD
DURATION=${1:-30m}
CONNECTIONS=${2:-256}
log() { echo "soak.sh: $*" >&2; }

seconds=$(python3 - "$DURATION" <<'PY'
import re, sys
match = re.fullmatch(r"(\d+)([smh]?)", sys.argv[1])
if not match or int(match[1]) == 0:
    sys.exit("soak.sh: DURATION is a positive whole number of s, m or h (30m, 60s, 2h)")
print(int(match[1]) * {"": 1, "s": 1, "m": 60, "h": 3600}[match[2]])
PY
)
[[ "$CONNECTIONS" =~ ^[1-9][0-9]*$ ]] || { log "CONNECTIONS must be a positive whole number"; exit 2; }
WARMUP=${WARMUP:-$(( seconds / 10 < 60 ? seconds / 10 : 60 ))}
COOLDOWN=${COOLDOWN:-20}
RSS_GROWTH_PCT=${RSS_GROWTH_PCT:-10}
LOAD=${LOAD:-$(command -v wrk >/dev/null && echo wrk || echo locust)}

if [[ -z "$VIPERD_BIN" ]]; then
    VIPERD_BIN=$root/.build/release/viperd
    if [[ ! -x "$VIPERD_BIN" ]]; then
        log "building the release viperd"
        swift build -c release --product viperd >&2
    fi
fi
[[ -x "$VIPERD_BIN" ]] || { log "no server binary at $VIPERD_BIN"; exit 1; }
ulimit -n "$(( CONNECTIONS * 2 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"

OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/viperd-soak.XXXXXX")}
mkdir -p "$OUT"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-soak-db.XXXXXX")
source "$root/Scripts/lib/viperd-server.sh"
sampler_pid=""
cleanup() {
    if [[ -n "$sampler_pid" ]]; then kill "$sampler_pid" 2>/dev/null; wait "$sampler_pid" 2>/dev/null || true; fi
    stop_viperd
    cp "$work/server.log" "$OUT/server.log" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# The user and its token come from the command line (no HTTP registration in the measurement).
db=$work/db.sqlite
"$VIPERD_BIN" migrate --db "$db" >/dev/null
echo 'soak test password' | "$VIPERD_BIN" user create --db "$db" --email soak@example.com --name Soak >/dev/null
token=$("$VIPERD_BIN" token create --db "$db" --email soak@example.com)
start_viperd "$VIPERD_BIN" "$work" --log-level notice --max-connections $(( CONNECTIONS + 256 )) \
    --max-connections-per-address $(( CONNECTIONS + 64 )) || exit 1
pid=$server_pid
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
account=$(curl -fsS "$base/v1/accounts" "${auth[@]}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
contacts=()
for i in $(seq 1 50); do
    contacts+=("$(curl -fsS "$base/v1/contacts" "${auth[@]}" \
        -d "{\"firstName\":\"Soak\",\"lastName\":\"Contact $i\",\"email\":\"soak$i@example.com\",\"phone\":\"+1 416 555 $((1000 + i))\"}" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')")
done
log "server $pid at $base; $LOAD, $CONNECTIONS connections for ${seconds}s (warm-up ${WARMUP}s, cool-down ${COOLDOWN}s); samples in $OUT/soak.csv"

# One row a second: seconds since start, phase, VmRSS (kB), open descriptors. The phase comes
# from a file the main script rewrites.
echo idle >"$work/phase"
echo "second,phase,rss_kb,fds" >"$OUT/soak.csv"
(
    started=$(date +%s)
    while kill -0 "$pid" 2>/dev/null; do
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
        [[ -n "$rss" ]] && echo "$(( $(date +%s) - started )),$(cat "$work/phase"),$rss,$fds" >>"$OUT/soak.csv"
        sleep 1
    done
) &
sampler_pid=$!
sleep 3  # the idle baseline

echo load >"$work/phase"
load_status=0
if [[ "$LOAD" == wrk ]]; then
    ids=$(printf '"%s",' "${contacts[@]}")
    creates=$([[ "${MIX:-all}" == reads ]] && echo false || echo true)
    cat >"$work/mix.lua" <<LUA
-- The soak's request mix: mostly reads, a tenth contact creates (none with MIX=reads), some /health.
local token = "$token"
local account = "$account"
local contacts = {${ids%,}}
local auth = {["Authorization"] = "Bearer " .. token}
local create = {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json"}
local n = 0
local creates = ${creates}
request = function()
    n = n + 1
    local pick = math.random(100)
    if pick <= 10 then return wrk.format("GET", "/health") end
    if pick <= 30 then return wrk.format("GET", "/v1/contacts?limit=20", auth) end
    if pick <= 50 then return wrk.format("GET", "/v1/contacts/" .. contacts[math.random(#contacts)], auth) end
    if pick <= 55 then return wrk.format("GET", "/v1/contacts?q=contact%201", auth) end
    if pick <= 65 and creates then
        return wrk.format("POST", "/v1/contacts", create,
            '{"firstName":"Soak","lastName":"Writer ' .. n .. '","email":"w' .. n .. '@example.com"}')
    end
    if pick <= 75 then return wrk.format("GET", "/v1/products?limit=20", auth) end
    if pick <= 85 then return wrk.format("GET", "/v1/accounts/" .. account, auth) end
    if pick <= 95 then return wrk.format("GET", "/v1/accounts/" .. account .. "/transactions?limit=20", auth) end
    return wrk.format("GET", "/v1/accounts/" .. account .. "/report", auth)
end
LUA
    wrk -t "${THREADS:-2}" -c "$CONNECTIONS" -d "${seconds}s" --timeout 10s --latency -s "$work/mix.lua" "$base" \
        >"$OUT/load.log" 2>&1 || load_status=$?
else
    bash "$root/Scripts/load/run.sh" --host "$base" --users "$CONNECTIONS" --spawn-rate 32 \
        --duration "${seconds}s" --out "$OUT/locust" >"$OUT/load.log" 2>&1 || load_status=$?
fi
echo cooldown >"$work/phase"
cat "$OUT/load.log" >&2

# The cool-down: descriptors should fall back to the idle baseline once the clients are gone.
baseline=$(awk -F, '$2 == "idle" {print $4}' "$OUT/soak.csv" | sort -n | head -n 1)
for _ in $(seq 1 "$COOLDOWN"); do
    sleep 1
    (( $(ls "/proc/$pid/fd" | wc -l) <= baseline )) && break
done
sleep 2  # two more samples at rest
kill "$sampler_pid" 2>/dev/null || true
wait "$sampler_pid" 2>/dev/null || true
sampler_pid=""
stop_viperd
((server_status == 0)) || { log "the server crashed or stopped uncleanly; its log:"; tail -n 20 "$work/server.log" >&2; exit 1; }

python3 - "$OUT/soak.csv" "$OUT/load.log" "$LOAD" "$load_status" "$WARMUP" "$RSS_GROWTH_PCT" <<'PY'
import csv, re, statistics, sys
samples, load_log, load, load_status = sys.argv[1], open(sys.argv[2]).read(), sys.argv[3], int(sys.argv[4])
warmup, limit = int(sys.argv[5]), float(sys.argv[6])
rows = list(csv.DictReader(open(samples)))
idle = [r for r in rows if r["phase"] == "idle"]
loaded = [r for r in rows if r["phase"] == "load"]
after = [r for r in rows if r["phase"] == "cooldown"]
if not idle or len(loaded) < 3 or not after:
    sys.exit(f"soak.sh: too few samples ({len(idle)} idle, {len(loaded)} under load, {len(after)} after)")
rss = lambda rs: [int(r["rss_kb"]) for r in rs]
fds = lambda rs: [int(r["fds"]) for r in rs]

if load == "wrk":
    requests = int(re.search(r"(\d+) requests in", load_log)[1])
    non2xx = int((re.search(r"Non-2xx or 3xx responses: (\d+)", load_log) or [0, 0])[1])
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", load_log)
    socket_errors = sum(map(int, socket.groups())) if socket else 0
    errors = non2xx + socket_errors
    detail = f"{non2xx} non-2xx/3xx, {socket_errors} socket errors" + (f" ({socket[0]})" if socket else "")
else:
    total = re.search(r"run.sh: (\d+) requests, (\d+) failures", load_log)
    requests, errors = (int(total[1]), int(total[2])) if total else (0, 1)
    detail = f"{errors} failed requests"
if load_status != 0 and errors == 0:
    errors, detail = 1, f"the load generator exited with status {load_status}"

steady = [r for r in loaded if int(r["second"]) - int(loaded[0]["second"]) >= warmup] or loaded
window = max(1, len(steady) // 10)
early, late = statistics.median(rss(steady[:window])), statistics.median(rss(steady[-window:]))
growth = (late - early) / early * 100
baseline, end = min(fds(idle)), fds(after)[-1]
mb = lambda kb: f"{kb / 1024:.1f} MB"
print(f"soak: {len(loaded)} s under load, {requests} requests, errors {errors} ({detail})")
print(f"soak: RSS start {mb(rss(idle)[0])}, median {mb(statistics.median(rss(loaded)))}, end {mb(rss(after)[-1])}, "
      f"max {mb(max(rss(rows)))}; after warm-up {mb(early)} -> {mb(late)} ({growth:+.1f} %)")
print(f"soak: descriptors start {baseline}, end {end}, max {max(fds(rows))}")
verdict = []
if errors:
    verdict.append(f"{errors} errors")
if growth >= limit:
    verdict.append(f"RSS grew {growth:.1f} % after warm-up (limit {limit:g} %)")
if end > baseline:
    verdict.append(f"{end - baseline} descriptors still open after the cool-down (baseline {baseline})")
print("soak: verdict " + ("PASS" if not verdict else "FAIL: " + "; ".join(verdict)) + f" (samples in {samples})")
sys.exit(1 if verdict else 0)
PY
