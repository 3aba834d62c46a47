#!/usr/bin/env bash
# The scale figures (issue 15, item 6), on a release build, loopback only. Not part of CI; run it
# on a quiet machine (server pinned to SERVER_CPUS, wrk to CLIENT_CPUS, as ../shared/bench does).
#   connections  get by id at 64, 256 and 1024 connections, side by side with the Hummingbird peer
#                (when built), through ../shared/bench/compare.sh; its summary table per count
#   idle         server memory with IDLE_CONNECTIONS idle keep-alive connections open
#                (Scripts/bench/idle-connections.py)
#   contacts     for each of CONTACT_SCALES seeded contacts: get by id, first page, a search for a
#                rare term (one match) and for a common one (~11% of rows: "contact 9"), with wrk,
#                plus one lone request per search; one line per measurement
#   report       Scripts/bench/bench-report.sh over a year of 10,000 and of 100,000 transactions
#
# Usage: Scripts/bench/bench-scale.sh [connections] [idle] [contacts] [report]   (default: all four)
# Environment (defaults in brackets):
#   VIPERD [.build/release/viperd]  the binary (built first unless VIPERD or SKIP_BUILD=1 is set)
#   DURATION, WARMUP   seconds per measured run / unrecorded warm-up before it [contacts: 8 / 2;
#                      connections and report: the harness's and bench-report.sh's defaults]
#   ROUNDS [2]         compare.sh rounds for `connections` (it needs at least 2)
#   SCALE_CONNECTIONS ["64 256 1024"]  connection counts for `connections`
#   PEER_BUILD_ROOT [$PWD/.build-peers]  where the Hummingbird peer is built (hummingbird/release)
#   IDLE_CONNECTIONS [1000]  IDLE_HOLD [3] seconds they are held
#   CONTACT_SCALES ["10000 1000000"]  seeding 1,000,000 contacts takes ~3.5 minutes
#   CONNECTIONS [64]   THREADS [1]   wrk -c / -t for `contacts` (and bench-report.sh's, when set)
#   SERVER_CPUS [1]    CLIENT_CPUS [0]   taskset -c lists for the server and for wrk (`contacts`)
#   REPORT_ROWS ["10000 100000"]  OPEN_FILES [16384] (ulimit -n)
# Every server started here (and by the harness) gets VIPERD_MAX_CONNECTIONS and
# VIPERD_MAX_CONNECTIONS_PER_ADDRESS [4096 each] instead of the 1024 / 256 defaults.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

fail() { echo "bench-scale: $*" >&2; exit 1; }

sections=("$@")
[[ ${#sections[@]} -gt 0 ]] || sections=(connections idle contacts report)
for section in "${sections[@]}"; do
    [[ " connections idle contacts report " == *" $section "* ]] \
        || { echo "bench-scale: unknown section '$section' (connections idle contacts report)" >&2; exit 2; }
done
for tool in wrk curl taskset timeout python3; do
    command -v "$tool" >/dev/null || { echo "bench-scale: '$tool' not found (apt-get install wrk curl util-linux coreutils python3)" >&2; exit 2; }
done

if [[ -z "${VIPERD:-}" && "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
viperd=${VIPERD:-.build/release/viperd}
[[ -x "$viperd" ]] || { echo "bench-scale: $viperd missing" >&2; exit 2; }
viperd=$(realpath "$viperd")
export VIPERD=$viperd   # Scripts/bench/viperd.env and Scripts/bench/bench-report.sh take it from here

BENCH=$(realpath -m ../shared/bench)
ulimit -n "${OPEN_FILES:-16384}" || fail "cannot raise the open-file limit to ${OPEN_FILES:-16384} (hard limit $(ulimit -Hn))"
export VIPERD_MAX_CONNECTIONS=${VIPERD_MAX_CONNECTIONS:-4096}
export VIPERD_MAX_CONNECTIONS_PER_ADDRESS=${VIPERD_MAX_CONNECTIONS_PER_ADDRESS:-4096}
[[ -z "${DURATION:-}" ]] || export DURATION
[[ -z "${WARMUP:-}" ]] || export WARMUP
SERVER_CPUS=${SERVER_CPUS:-1}
CLIENT_CPUS=${CLIENT_CPUS:-0}

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-bench-scale.XXXXXX")
# shellcheck source=lib/viperd-server.sh
source Scripts/lib/viperd-server.sh
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Stops the server started with start_viperd; a crash or an unclean stop fails the run.
stop_checked() {
    stop_viperd
    [[ $server_status -eq 0 ]] || fail "the server did not stop cleanly; its log tail:$(echo; tail -n 20 "$1/server.log")"
}

seconds_since() { awk -v s="$1" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }'; }

section_connections() {
    [[ -x "$BENCH/compare.sh" ]] || fail "$BENCH/compare.sh not found (shared/ must sit next to the project)"
    local rounds=${ROUNDS:-2} targets=(Scripts/bench/viperd.env) count
    [[ "$rounds" =~ ^[0-9]+$ && "$rounds" -ge 2 ]] || fail "ROUNDS must be 2 or more (compare.sh's minimum), got '$rounds'"
    export PEER_BUILD_ROOT=${PEER_BUILD_ROOT:-$PWD/.build-peers}
    if [[ -x "$PEER_BUILD_ROOT/hummingbird/release/HummingbirdPeer" ]]; then
        targets+=(hummingbird)
    else
        echo "bench-scale: no Hummingbird peer at $PEER_BUILD_ROOT/hummingbird; viperd alone" >&2
    fi
    for count in ${SCALE_CONNECTIONS:-64 256 1024}; do
        echo "== connections: get by id at $count connections"
        # One CSV per count (the summary would mix them), outside the harness's own folder.
        RESULTS_CSV=${TMPDIR:-/tmp}/viperd-bench/scale-c$count-$(date -u +%Y%m%dT%H%M%SZ).csv \
            CONNECTIONS=$count "$BENCH/compare.sh" -r "$rounds" -w get "${targets[@]}"
    done
}

section_idle() {
    local dir=$work/idle count=${IDLE_CONNECTIONS:-1000} cap
    cap=$(( count + 64 > 4096 ? count + 64 : 4096 ))
    mkdir "$dir"
    echo "== idle: $count keep-alive connections"
    "$viperd" seed-bench --db "$dir/db.sqlite" --contacts 10000 >"$dir/seed.log" 2>&1 \
        || fail "seeding failed:$(echo; tail -n 20 "$dir/seed.log")"
    start_viperd "$viperd" "$dir" --idle-timeout 60 --max-connections "$cap" --max-connections-per-address "$cap" \
        --log-level notice
    python3 Scripts/bench/idle-connections.py "$base" "$server_pid" "$count" "${IDLE_HOLD:-3}" \
        || { stop_viperd; fail "idle connections were refused or closed; server log tail:$(echo; tail -n 20 "$dir/server.log")"; }
    stop_checked "$dir"
    rm -rf "$dir"
}

# One wrk run against the contacts server: measure N LABEL SCRIPT [PATH]; SCRIPT is a wrk script
# built on ../shared/bench/wrk/common.lua (its BENCH_RESULT line is parsed), PATH its BENCH_LIST_PATH.
measure() {
    local n=$1 label=$2 script=$3 path=${4:-} duration=${DURATION:-8} warmup=${WARMUP:-2} out line
    local environment=(BENCH_TOKEN="$token" BENCH_IDS_FILE="$dir/ids.txt" BENCH_LIST_PATH="$path"
        BENCH_COMMON_LUA="$BENCH/wrk/common.lua")
    run_wrk() {
        timeout --kill-after=5 $(( $1 + 30 )) env "${environment[@]}" \
            taskset -c "$CLIENT_CPUS" wrk -t"${THREADS:-1}" -c"${CONNECTIONS:-64}" -d"$1s" --timeout 10s --latency \
            -s "$script" "$base"
    }
    if [[ "$warmup" -gt 0 ]]; then
        run_wrk "$warmup" >/dev/null || fail "wrk failed ($n $label, warm-up)"
        # The server still works through the requests the warm-up left queued when wrk closed its
        # connections (seconds for a slow search); one more request of the same kind returns only
        # once they are served, so the measured run starts on an empty queue.
        curl -fsS -o /dev/null --max-time 120 -H "Authorization: Bearer $token" "$base${path:-/v1/contacts?limit=1}" \
            || fail "$n $label: the request after the warm-up failed"
    fi
    out=$(run_wrk "$duration") || fail "wrk failed ($n $label):$(echo; echo "$out")"
    kill -0 "$server_pid" 2>/dev/null || fail "the server died during $n $label; log tail:$(echo; tail -n 20 "$dir/server.log")"
    line=$(grep '^BENCH_RESULT ' <<<"$out") || fail "no BENCH_RESULT line from wrk ($n $label):$(echo; echo "$out")"
    get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
    printf '%-8s %-16s %10s req/s  p50 %8s ms  p99 %8s ms  non2xx %s  sockerr %s\n' "$n" "$label" "$(get rps)" \
        "$(get p50_ms)" "$(get p99_ms)" "$(get non2xx)" \
        "$(( $(get connect_err) + $(get read_err) + $(get write_err) + $(get timeout_err) ))"
    [[ "$(get non2xx)" == 0 ]] || fail "$n $label: $(get non2xx) answers were not 2xx"
}

# One lone request of a search, before its wrk run: lone N LABEL PATH.
lone() {
    local n=$1 label=$2 path=$3 took items
    took=$(curl -fsS -o "$dir/answer.json" -w '%{time_total}' -H "Authorization: Bearer $token" "$base$path") \
        || fail "$n $label: GET $path failed"
    items=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["items"]))' "$dir/answer.json")
    printf '%-8s %-16s one request %s s, %s contact(s) on its page (%s)\n' "$n" "$label" "$took" "$items" "$path"
}

section_contacts() {
    [[ -d "$BENCH/wrk" ]] || fail "$BENCH/wrk not found (shared/ must sit next to the project)"
    local n started rare pinned=$work/viperd-pinned
    # exec keeps the PID: start_viperd's server_pid is viperd itself, pinned with all its threads.
    printf '#!/usr/bin/env bash\nexec taskset -c %q %q "$@"\n' "$SERVER_CPUS" "$viperd" >"$pinned"
    chmod +x "$pinned"
    for n in ${CONTACT_SCALES:-10000 1000000}; do
        [[ "$n" =~ ^[1-9][0-9]*$ ]] || fail "CONTACT_SCALES: '$n' is not a positive integer"
        dir=$work/contacts-$n
        mkdir "$dir"
        echo "== contacts: $n seeded contacts, wrk -t${THREADS:-1} -c${CONNECTIONS:-64} -d${DURATION:-8}s"
        started=$(date +%s.%N)
        "$viperd" seed-bench --db "$dir/db.sqlite" --contacts "$n" --ids-file "$dir/ids.txt" --token-file "$dir/token" \
            >"$dir/seed.log" 2>&1 || fail "seeding $n contacts failed:$(echo; tail -n 20 "$dir/seed.log")"
        echo "seeded $n contacts in $(seconds_since "$started") s"
        token=$(tr -d ' \t\r\n' <"$dir/token")
        start_viperd "$pinned" "$dir" --log-level notice
        # Names are "Bench Contact <k>", k = 1...N. The rare term is the first digits(N) - 1 digits
        # of 987654321 (10,000: "contact 9876"; 1,000,000: "contact 987654"): one match. The
        # common one matches every k that starts with a 9: ~11% of rows.
        rare=987654321
        rare=${rare:0:$(( ${#n} - 1 ))}
        lone "$n" search-rare "/v1/contacts?q=contact%20$rare"
        lone "$n" search-common "/v1/contacts?q=contact%209"
        # The ids stay one string in wrk (Scripts/bench/wrk/get-ids.lua): the harness's get.lua
        # holds them as a million strings, which slowed wrk itself into a p99 the server never had.
        measure "$n" get-by-id "$PWD/Scripts/bench/wrk/get-ids.lua"
        measure "$n" first-page "$BENCH/wrk/list.lua" "/v1/contacts?limit=20"
        measure "$n" search-rare "$BENCH/wrk/list.lua" "/v1/contacts?q=contact%20$rare"
        measure "$n" search-common "$BENCH/wrk/list.lua" "/v1/contacts?q=contact%209"
        stop_checked "$dir"
        rm -rf "$dir"
    done
}

section_report() {
    local rows
    for rows in ${REPORT_ROWS:-10000 100000}; do
        echo "== report: a year of $rows transactions"
        ROWS=$rows SKIP_BUILD=1 Scripts/bench/bench-report.sh
    done
}

for section in "${sections[@]}"; do
    "section_$section"
done
