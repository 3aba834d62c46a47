#!/usr/bin/env bash
# Benchmark the contacts workloads (get by id, first page, create, 90/10 mix; 10,000 seeded
# contacts) of Viperd side by side with the Hummingbird and Vapor peers, in one run of
# ../shared/bench/compare.sh (targets alternate each round; medians and ratios to viperd).
#
# Usage: Scripts/bench/bench-contacts.sh
# Environment: ROUNDS [3], DURATION [10], WARMUP [2], SKIP_BUILD=1, PEER_BUILD_ROOT
# [$PWD/.build-peers], and the harness's own knobs (see ../shared/bench/README.md).
# The peers must be built once beforehand (~15 min on 2 cores), e.g.
#   swift build -c release --package-path ../shared/bench/peers/vapor-peer --scratch-path "$PEER_BUILD_ROOT/vapor"
#   swift build -c release --package-path ../shared/bench/peers/hummingbird-peer --scratch-path "$PEER_BUILD_ROOT/hummingbird"
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

BENCH=../shared/bench
# The harness would write its CSV into its own folder, which is not ours to write: keep it here.
export RESULTS_CSV=${RESULTS_CSV:-${TMPDIR:-/tmp}/viperd-bench/compare-$(date -u +%Y%m%dT%H%M%SZ).csv}
[[ -x "$BENCH/compare.sh" ]] || { echo "bench-contacts: $BENCH/compare.sh not found (shared/ must sit next to the project)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-contacts: 'wrk' not found; install with: apt-get install -y wrk" >&2; exit 2; }

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
[[ -x .build/release/viperd ]] || { echo "bench-contacts: .build/release/viperd missing" >&2; exit 2; }

export PEER_BUILD_ROOT=${PEER_BUILD_ROOT:-$PWD/.build-peers}
[[ -z "${DURATION:-}" ]] || export DURATION
[[ -z "${WARMUP:-}" ]] || export WARMUP

targets=(Scripts/bench/viperd.env)
[[ -x "$PEER_BUILD_ROOT/hummingbird/release/HummingbirdPeer" ]] && targets+=(hummingbird) || echo "bench-contacts: no Hummingbird peer built; skipping it" >&2
[[ -x "$PEER_BUILD_ROOT/vapor/release/VaporPeer" ]] && targets+=(vapor) || echo "bench-contacts: no Vapor peer built; skipping it" >&2

exec "$BENCH/compare.sh" -r "${ROUNDS:-3}" -w "get list post mix" "${targets[@]}"
