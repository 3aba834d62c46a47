#!/usr/bin/env bash
# Slow clients at scale: starts viperd on a free loopback port with a fresh database, measures
# normal traffic (keep-alive GET /health) alone, then again while SLOW slowloris connections are
# held open (from 127.0.0.2-9, each trickling an endless header section and reopened when the
# server answers 408), and reports both p99 latencies and their ratio. Loopback only; every phase
# stops by itself. Exits 1 when the server fails, normal traffic sees errors, or the p99 ratio
# exceeds MAX_RATIO. Do not run it beside a build or a benchmark: it measures latency.
#
#   bash Scripts/load/slowloris.sh
#
# Environment:
#   VIPERD_BIN   server binary (default .build/debug/viperd; a release build measures better)
#   SLOW         slowloris connections to hold (default 1000)
#   CONCURRENCY  normal keep-alive clients (default 4)
#   SECONDS_EACH length of each measured phase (default 10)
#   MAX_RATIO    highest acceptable p99(with slow clients) / p99(baseline) (default 2)
#   SERVER_ARGS  extra `viperd serve` options (default: a 3 s header timeout, so slow
#                clients are cut and come back several times per phase)
set -euo pipefail

absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VIPERD_BIN=$(absolute "${VIPERD_BIN:-}")
cd "$(dirname "$0")/../.."
VIPERD_BIN=${VIPERD_BIN:-.build/debug/viperd}
SLOW=${SLOW:-1000}
CONCURRENCY=${CONCURRENCY:-4}
SECONDS_EACH=${SECONDS_EACH:-10}
MAX_RATIO=${MAX_RATIO:-2}
SERVER_ARGS=${SERVER_ARGS:---header-timeout 3}

log() { echo "slowloris.sh: $*" >&2; }
[[ -x "$VIPERD_BIN" ]] || { log "no server binary at $VIPERD_BIN (run swift build first, or set VIPERD_BIN)"; exit 1; }

# 1,000 held sockets plus the server's own need more than the usual 1,024 descriptors.
ulimit -n "$(( SLOW * 2 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-slowloris.XXXXXX")
server_pid=""
holder_pid=""
cleanup() {
    [[ -n "$holder_pid" ]] && kill "$holder_pid" 2>/dev/null || true
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# shellcheck disable=SC2086
"$VIPERD_BIN" serve --host 127.0.0.1 --port 0 --db "$work/db.sqlite" --log-level notice \
    --max-connections $(( SLOW + CONCURRENCY + 256 )) $SERVER_ARGS 2>"$work/server.log" &
server_pid=$!
port=""
for _ in $(seq 1 300); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
    [[ -n "$port" ]] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
[[ -n "$port" ]] || { log "the server did not start; its log:"; cat "$work/server.log" >&2; exit 1; }
log "server $server_pid on 127.0.0.1:$port; $SLOW slow clients, $CONCURRENCY normal clients, ${SECONDS_EACH}s per phase"

python3 Scripts/load/slowloris.py load "$port" "$CONCURRENCY" 2 >/dev/null  # warm-up
baseline=$(python3 Scripts/load/slowloris.py load "$port" "$CONCURRENCY" "$SECONDS_EACH")
log "baseline:          $baseline"

python3 Scripts/load/slowloris.py hold "$port" "$SLOW" "$(( SECONDS_EACH + 4 ))" >"$work/hold.json" &
holder_pid=$!
sleep 3  # let every slow connection open
attacked=$(python3 Scripts/load/slowloris.py load "$port" "$CONCURRENCY" "$SECONDS_EACH")
open_fds=$(ls "/proc/$server_pid/fd" | wc -l)
wait "$holder_pid" || true
holder_pid=""
log "with slow clients: $attacked"
log "slow clients:      $(cat "$work/hold.json") (server descriptors during the run: $open_fds)"

kill -0 "$server_pid" 2>/dev/null || { log "the server died; its log:"; cat "$work/server.log" >&2; exit 1; }
python3 - "$baseline" "$attacked" "$MAX_RATIO" <<'PY'
import json, sys
base, attacked, limit = json.loads(sys.argv[1]), json.loads(sys.argv[2]), float(sys.argv[3])
ratio = attacked["p99_ms"] / max(base["p99_ms"], 0.001)
print(f"p99 baseline {base['p99_ms']} ms, with slow clients {attacked['p99_ms']} ms: ratio {ratio:.2f} (limit {limit})")
failed = attacked["errors"] > 0 or base["errors"] > 0 or ratio > limit
sys.exit(1 if failed else 0)
PY
