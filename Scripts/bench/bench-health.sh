#!/usr/bin/env bash
# Benchmark GET /health of Viperd side by side with the Hummingbird peer and nginx, in one run of
# ../shared/bench/compare.sh (targets alternate each round; medians and ratios to viperd at the end).
#
# Usage: Scripts/bench/bench-health.sh
# Environment:
#   ROUNDS [3]            rounds (compare.sh needs at least 2)
#   DURATION [10]         measured seconds per run;  WARMUP [2] unrecorded seconds first
#   SKIP_BUILD=1          do not run `swift build -c release --product viperd` first
#   PEER_BUILD_ROOT [$PWD/.build-peers]  where the peers are built (the peer targets read it)
#   RESULTS_CSV, CONNECTIONS, SERVER_CPUS, CLIENT_CPUS, ...  passed through to the harness
# Defaults of the harness: viperd/peers pinned to CPU 1, wrk (1 thread, 64 connections) to CPU 0.
#
# The Hummingbird peer must be built once beforehand (~10 min on 2 cores), e.g.
#   swift build -c release --package-path ../shared/bench/peers/hummingbird-peer \
#       --scratch-path "$PEER_BUILD_ROOT/hummingbird"
# (or let ../shared/bench/compare.sh -b run every named target's BUILD_CMD before it benchmarks;
# the hummingbird target builds into $PEER_BUILD_ROOT/hummingbird when PEER_BUILD_ROOT is set).
# Without the peer binary, this script benchmarks viperd and nginx only.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

BENCH=../shared/bench
# The harness would write its CSV into its own folder, which is not ours to write: keep it here.
export RESULTS_CSV=${RESULTS_CSV:-${TMPDIR:-/tmp}/viperd-bench/compare-$(date -u +%Y%m%dT%H%M%SZ).csv}
[[ -x "$BENCH/compare.sh" ]] || { echo "bench-health: $BENCH/compare.sh not found (shared/ must sit next to the project)" >&2; exit 2; }
for tool in wrk nginx; do
    command -v "$tool" >/dev/null || { echo "bench-health: '$tool' not found; install with: apt-get install -y wrk nginx-light" >&2; exit 2; }
done

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "== swift build -c release --product viperd"
    swift build -c release --product viperd
fi
[[ -x .build/release/viperd ]] || { echo "bench-health: .build/release/viperd missing; build it or unset SKIP_BUILD" >&2; exit 2; }

export PEER_BUILD_ROOT=${PEER_BUILD_ROOT:-$PWD/.build-peers}
# DURATION and WARMUP are read by the harness from the environment; export them if given.
[[ -z "${DURATION:-}" ]] || export DURATION
[[ -z "${WARMUP:-}" ]] || export WARMUP

targets=(Scripts/bench/viperd.env)
if [[ -x "$PEER_BUILD_ROOT/hummingbird/release/HummingbirdPeer" ]]; then
    targets+=(hummingbird)
else
    cat >&2 <<MSG
bench-health: no Hummingbird peer at $PEER_BUILD_ROOT/hummingbird/release/HummingbirdPeer;
  benchmarking viperd and nginx only. Build the peer (~10 min on 2 cores) with
    swift build -c release --package-path $BENCH/peers/hummingbird-peer --scratch-path "$PEER_BUILD_ROOT/hummingbird"
MSG
fi
targets+=(nginx)

# -w health: only the /health workload (the peers serve all five; compare.sh would run them all).
exec "$BENCH/compare.sh" -r "${ROUNDS:-3}" -w health "${targets[@]}"
