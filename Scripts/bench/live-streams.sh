#!/usr/bin/env bash
# Live-event streams (GET /v1/events, issue 39) on a release build, loopback only; not part of CI:
# run it on a quiet machine. Each section seeds its own database (`viperd seed-bench --users`:
# verified users with tokens), starts a fresh server pinned to SERVER_CPUS and drives it with
# Scripts/bench/live-streams.py (one process, epoll) and wrk pinned to CLIENT_CPUS.
#   idle     IDLE_STREAMS idle streams, 8 a user, held IDLE_HOLD s: server RSS per stream and CPU
#            per stream per second
#   fanout   STREAMS streams, one a user; a writer sends RATE transfers a second to random holders
#            while the 90/10 mix (../shared/bench/wrk/mix.lua: 90 % get by id, 10 % create) runs;
#            commit-to-arrival p50/p99 (bounded from both sides, see live-streams.py) and the mix's req/s
#   mix      the mix without streams, with STREAMS idle open streams, and without again: req/s of each
#
# Usage: Scripts/bench/live-streams.sh [idle] [fanout] [mix]   (default: all three)
# Environment (defaults in brackets):
#   VIPERD [.build/release/viperd]  the binary (built first unless VIPERD or SKIP_BUILD=1 is set)
#   IDLE_STREAMS [10000]  IDLE_HOLD [30]   STREAMS [1000]  RATE [50] transfers a second
#   DURATION [10] WARMUP [2]   seconds of each measured wrk run / of its unrecorded warm-up
#   CONNECTIONS [64] THREADS [1]   wrk -c / -t
#   SERVER_CPUS [1] CLIENT_CPUS [0]   taskset -c lists for the server / for wrk and the streams
#   OPEN_FILES [the hard limit]   ulimit -n for the server and the streams (10,000 streams need
#                                 10,064 on each side)
set -euo pipefail
# The writer and the mix write as fast as the server allows: the per-user rates would answer 429.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

fail() { echo "live-streams: $*" >&2; exit 1; }

sections=("$@")
[[ ${#sections[@]} -gt 0 ]] || sections=(idle fanout mix)
for section in "${sections[@]}"; do
    [[ " idle fanout mix " == *" $section "* ]] || { echo "live-streams: unknown section '$section' (idle fanout mix)" >&2; exit 2; }
done
for tool in wrk taskset python3; do
    command -v "$tool" >/dev/null || { echo "live-streams: '$tool' not found (apt-get install wrk util-linux python3)" >&2; exit 2; }
done

if [[ -z "${VIPERD:-}" && "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
viperd=${VIPERD:-.build/release/viperd}
[[ -x "$viperd" ]] || { echo "live-streams: $viperd missing" >&2; exit 2; }
viperd=$(realpath "$viperd")

BENCH=$(realpath -m ../shared/bench)
IDLE_STREAMS=${IDLE_STREAMS:-10000}
STREAMS=${STREAMS:-1000}
SERVER_CPUS=${SERVER_CPUS:-1}
CLIENT_CPUS=${CLIENT_CPUS:-0}
open_files=${OPEN_FILES:-$(ulimit -Hn)}
ulimit -n "$open_files" || fail "cannot raise the open-file limit to $open_files (hard limit $(ulimit -Hn))"
# Streams count apart from --max-connections, but each arrives as a connection first.
export VIPERD_MAX_CONNECTIONS=${VIPERD_MAX_CONNECTIONS:-4096}
export VIPERD_MAX_CONNECTIONS_PER_ADDRESS=${VIPERD_MAX_CONNECTIONS_PER_ADDRESS:-4096}
# The create body viperd's API takes (Scripts/bench/viperd.env has the same).
export BENCH_POST_BODY='{"firstName":"Bench","lastName":"Contact {n}","email":"bench{n}@example.com","phone":"+1-555-0100","address":{"street":"1 Bench Street","city":"Toronto","province":"ON","postalCode":"M5V 2T6","country":"CA"}}'

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-live-streams.XXXXXX")
# shellcheck source=lib/viperd-server.sh
source Scripts/lib/viperd-server.sh
streams_pid=""
cleanup() {
    [[ -z "$streams_pid" ]] || kill "$streams_pid" 2>/dev/null || true
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# exec keeps the PID: start_viperd's server_pid is viperd itself, pinned with all its threads.
pinned=$work/viperd-pinned
printf '#!/usr/bin/env bash\nexec taskset -c %q %q "$@"\n' "$SERVER_CPUS" "$viperd" >"$pinned"
chmod +x "$pinned"
streams_tool=(taskset -c "$CLIENT_CPUS" python3 Scripts/bench/live-streams.py)

stop_checked() {
    stop_viperd
    [[ $server_status -eq 0 ]] || fail "the server did not stop cleanly; its log tail:$(echo; tail -n 20 "$1/server.log")"
}

# seed DIR CONTACTS USERS: a database in DIR with the bench user's CONTACTS (ids.txt, token) and USERS others (users.txt).
seed() {
    mkdir -p "$1"
    "$viperd" seed-bench --db "$1/db.sqlite" --contacts "$2" --ids-file "$1/ids.txt" --token-file "$1/token" \
        --users "$3" --users-file "$1/users.txt" >"$1/seed.log" 2>&1 || fail "seeding failed:$(echo; tail -n 20 "$1/seed.log")"
}

# wait_for FILE PID: until the streams tool touched FILE (it is ready) or died.
wait_for() {
    while [[ ! -e "$1" ]]; do
        kill -0 "$2" 2>/dev/null || fail "the streams tool stopped before it was ready"
        sleep 0.5
    done
}

# mix DIR LABEL N_START: one wrk warm-up, then the measured mix; prints one line, sets mix_rps.
mix() {
    local dir=$1 label=$2 out line
    run_wrk() {
        timeout --kill-after=5 $(( $1 + 30 )) env BENCH_TOKEN="$(tr -d ' \t\r\n' <"$dir/token")" BENCH_IDS_FILE="$dir/ids.txt" \
            BENCH_N_START="$2" BENCH_THREADS="${THREADS:-1}" taskset -c "$CLIENT_CPUS" wrk -t"${THREADS:-1}" -c"${CONNECTIONS:-64}" -d"$1s" --timeout 10s \
            --latency -s "$BENCH/wrk/mix.lua" "$base"
    }
    [[ "${WARMUP:-2}" -le 0 ]] || run_wrk "${WARMUP:-2}" "$3" >/dev/null || fail "wrk failed ($label, warm-up)"
    out=$(run_wrk "${DURATION:-10}" $(( $3 + 100000000 ))) || fail "wrk failed ($label):$(echo; echo "$out")"
    kill -0 "$server_pid" 2>/dev/null || fail "the server died during $label; log tail:$(echo; tail -n 20 "$dir/server.log")"
    line=$(grep '^BENCH_RESULT ' <<<"$out") || fail "no BENCH_RESULT line from wrk ($label):$(echo; echo "$out")"
    get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
    mix_rps=$(get rps)
    printf 'live-streams mix: %-34s %10s req/s  p50 %8s ms  p99 %8s ms  non2xx %s\n' "$label" "$mix_rps" \
        "$(get p50_ms)" "$(get p99_ms)" "$(get non2xx)"
    [[ "$(get non2xx)" == 0 ]] || fail "$label: $(get non2xx) answers were not 2xx"
}

section_idle() {
    local dir=$work/idle
    echo "== idle: $IDLE_STREAMS streams, 8 a user, held ${IDLE_HOLD:-30} s"
    seed "$dir" 0 $(( (IDLE_STREAMS + 7) / 8 ))
    start_viperd "$pinned" "$dir" --max-streams "$IDLE_STREAMS" --max-streams-per-user 8 --log-level notice
    "${streams_tool[@]}" idle "$base" "$dir/users.txt" --pid "$server_pid" --streams "$IDLE_STREAMS" --per-user 8 \
        --hold "${IDLE_HOLD:-30}" || { stop_viperd; fail "streams were refused or closed; server log tail:$(echo; tail -n 20 "$dir/server.log")"; }
    stop_checked "$dir"
    rm -rf "$dir"
}

section_fanout() {
    local dir=$work/fanout account
    [[ -f "$BENCH/wrk/mix.lua" ]] || fail "$BENCH/wrk/mix.lua not found (shared/ must sit next to the project)"
    echo "== fanout: $STREAMS streams, ${RATE:-50} transfers a second to their holders, beside the mix"
    seed "$dir" 10000 $(( STREAMS + 1 ))
    # The writer is the first of the other users; its first account gets the money it sends.
    account=$(head -n 1 "$dir/users.txt" | cut -d' ' -f3)
    printf '[{"group":"P","date":"2026-01-01","description":"Bench funding","amount":"900000000.00","debit":"C"}]' >"$dir/feed.json"
    "$viperd" import-transactions --db "$dir/db.sqlite" --account "$account" "$dir/feed.json" >"$dir/import.log" 2>&1 \
        || fail "funding the writer failed:$(echo; cat "$dir/import.log")"
    start_viperd "$pinned" "$dir" --max-streams "$STREAMS" --log-level notice
    "${streams_tool[@]}" fanout "$base" "$dir/users.txt" --streams "$STREAMS" --rate "${RATE:-50}" \
        --duration $(( ${WARMUP:-2} + ${DURATION:-10} + 2 )) --ready-file "$dir/ready" &
    streams_pid=$!
    wait_for "$dir/ready" "$streams_pid"
    mix "$dir" "with $STREAMS streams and the writer" 1
    wait "$streams_pid" || { streams_pid=""; stop_viperd; fail "the fanout failed; server log tail:$(echo; tail -n 20 "$dir/server.log")"; }
    streams_pid=""
    stop_checked "$dir"
    rm -rf "$dir"
}

section_mix() {
    local dir=$work/mix without with again
    [[ -f "$BENCH/wrk/mix.lua" ]] || fail "$BENCH/wrk/mix.lua not found (shared/ must sit next to the project)"
    echo "== mix: without streams, with $STREAMS idle streams, without again"
    seed "$dir" 10000 "$STREAMS"
    start_viperd "$pinned" "$dir" --max-streams "$STREAMS" --log-level notice
    mix "$dir" "without streams" 1
    without=$mix_rps
    "${streams_tool[@]}" hold "$base" "$dir/users.txt" --streams "$STREAMS" --ready-file "$dir/ready" &
    streams_pid=$!
    wait_for "$dir/ready" "$streams_pid"
    mix "$dir" "with $STREAMS idle streams" 300000000
    with=$mix_rps
    kill -TERM "$streams_pid"
    wait "$streams_pid" || { streams_pid=""; stop_viperd; fail "streams were refused or closed during the mix"; }
    streams_pid=""
    mix "$dir" "without streams, again" 600000000
    again=$mix_rps
    awk -v a="$without" -v b="$with" -v c="$again" \
        'BEGIN { printf "live-streams mix: with streams / without = %.3f (against the mean of both runs without)\n", b / ((a + c) / 2) }'
    stop_checked "$dir"
    rm -rf "$dir"
}

for section in "${sections[@]}"; do
    "section_$section"
done
