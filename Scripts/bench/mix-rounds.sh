#!/usr/bin/env bash
# Rounds of the shared harness's 90/10 mix against viperd, each with the server's own counters
# and a timing of the machine's CPU beside it, so a slow round can be told from a slow machine.
# Not run by CI or tests: the lead runs it on a quiet machine (issue 41).
#
# Usage: Scripts/bench/mix-rounds.sh [ROUNDS]      (default 5)
# Environment: BENCH_DIR [../shared/bench] (the harness), VIPERD [.build/release/viperd],
#   SERVER_CPUS [1] (where run.sh pins the server; the CPU timing runs there too),
#   DURATION, WARMUP, CONNECTIONS (passed to run.sh).
#
# Per round: a fixed CPU-bound loop on the server's CPU (ms, before and after), then one run.sh
# of the mix on a fresh database; /metrics (the viperd_sqlite_* series, on the metrics listener)
# is scraped every 0.5 s and the round's last scrape kept. Printed: req/s and p99, the CPU
# timings, commits per 1,000 requests, writes per commit, checkpoints, reader cache misses per
# request, search segments at the end. Steady counters beside a moving req/s say the server did
# the same work per request, and the loop's timings show how much the machine itself moved
# (they are samples beside the round, not a correction: the speed changes within a round).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rounds=${1:-5}
bench=${BENCH_DIR:-$root/../shared/bench}
[[ -x $bench/run.sh ]] || { echo "mix-rounds: no harness at $bench (set BENCH_DIR)" >&2; exit 2; }
command -v curl >/dev/null || { echo "mix-rounds: 'curl' not found" >&2; exit 2; }
export VIPERD=${VIPERD:-$root/.build/release/viperd}
[[ -x $VIPERD ]] || { echo "mix-rounds: $VIPERD missing (swift build -c release)" >&2; exit 2; }
cpus=${SERVER_CPUS:-1}
work=$(mktemp -d)
scraper=""
trap '[[ -n $scraper ]] && kill "$scraper" 2>/dev/null; rm -rf "$work"' EXIT

# A fixed amount of work on the server's CPU: its duration is this machine's speed right now.
cpu_ms() {
    taskset -c "$cpus" python3 -c '
import time
start = time.perf_counter()
total = 0
for i in range(3_000_000):
    total += i * i
print(round((time.perf_counter() - start) * 1000))'
}

# The viperd_sqlite_* counters and the request count, one line per scrape.
scrape() {
    while true; do
        if metrics=$(curl -s --max-time 0.4 http://127.0.0.1:9464/metrics); then
            awk '
                /^viperd_http_requests_total/ { requests += $2 }
                /^viperd_sqlite_commits_total / { commits = $2 }
                /^viperd_sqlite_committed_writes_total / { writes = $2 }
                /^viperd_sqlite_checkpoints_total / { checkpoints = $2 }
                /^viperd_sqlite_checkpoint_seconds_total / { checkpoint_seconds = $2 }
                /^viperd_sqlite_reader_cache_misses_total / { misses = $2 }
                /^viperd_sqlite_search_segments / { segments = $2 }
                END { print requests, commits, writes, checkpoints, checkpoint_seconds, misses, segments }' <<<"$metrics" >"$work/last.tmp"
            mv "$work/last.tmp" "$work/last"
        fi
        sleep 0.5
    done
}

echo "| round | req/s | p99 ms | CPU loop ms (before/after) | commits per 1k req | writes per commit | checkpoints (s) | cache misses per req | segments |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
    before=$(cpu_ms)
    rm -f "$work/last"
    scrape &
    scraper=$!
    RESULTS_CSV="$work/runs.csv" ROUND=$round "$bench/run.sh" "$root/Scripts/bench/viperd.env" mix >"$work/run-$round.log" 2>&1 \
        || { echo "mix-rounds: run.sh failed:" >&2; tail -20 "$work/run-$round.log" >&2; exit 1; }
    kill "$scraper" 2>/dev/null || true
    wait "$scraper" 2>/dev/null || true
    scraper=""
    after=$(cpu_ms)
    line=$(grep -E "mix +round" "$work/run-$round.log" | tail -1)
    rps=$(awk '{for (i = 1; i <= NF; i++) if ($i == "req/s") print $(i - 1)}' <<<"$line")
    p99=$(awk '{for (i = 1; i <= NF; i++) if ($i == "p99") print $(i + 1)}' <<<"$line")
    read -r requests commits writes checkpoints checkpoint_seconds misses segments <"$work/last" || true
    python3 - "$round" "$rps" "$p99" "$before" "$after" "${requests:-0}" "${commits:-0}" "${writes:-0}" \
        "${checkpoints:-0}" "${checkpoint_seconds:-0}" "${misses:-0}" "${segments:-0}" <<'PY'
import sys
(round_, rps, p99, before, after, requests, commits, writes, checkpoints, checkpoint_seconds, misses, segments) = sys.argv[1:]
rps, before, after = float(rps), int(before), int(after)
requests, commits, writes = float(requests), float(commits), float(writes)
per = lambda a, b, scale=1.0: f"{a * scale / b:.2f}" if b else "n/a"
print(f"| {round_} | {rps:,.0f} | {p99} | {before}/{after} | "
      f"{per(commits, requests, 1000)} | {per(writes, commits)} | {int(float(checkpoints))} ({float(checkpoint_seconds):.2f}) | "
      f"{per(float(misses), requests)} | {int(float(segments))} |")
PY
done
