#!/usr/bin/env bash
# Benchmark the order workloads (POST /v1/orders with three items; GET /v1/orders?sort=-placedAt
# over 10,000 seeded orders) with ../shared/bench/compare.sh; run it after Scripts/bench/bench-contacts.sh
# to report both side by side. Viperd only: the peers serve no orders.
#
# Usage: Scripts/bench/bench-orders.sh
# Environment: ROUNDS [3], DURATION [10], WARMUP [2], SKIP_BUILD=1.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."

BENCH=../shared/bench
# The harness would write its CSV into its own folder, which is not ours to write: keep it here.
export RESULTS_CSV=${RESULTS_CSV:-${TMPDIR:-/tmp}/viperd-bench/compare-$(date -u +%Y%m%dT%H%M%SZ).csv}
[[ -x "$BENCH/compare.sh" ]] || { echo "bench-orders: $BENCH/compare.sh not found (shared/ must sit next to the project)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-orders: 'wrk' not found; install with: apt-get install -y wrk" >&2; exit 2; }

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    swift build -c release --product viperd
fi
[[ -x .build/release/viperd ]] || { echo "bench-orders: .build/release/viperd missing" >&2; exit 2; }

[[ -z "${DURATION:-}" ]] || export DURATION
[[ -z "${WARMUP:-}" ]] || export WARMUP

exec "$BENCH/compare.sh" -r "${ROUNDS:-3}" -w "list post" Scripts/bench/viperd-orders.env
