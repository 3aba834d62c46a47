#!/usr/bin/env bash
# Crash consistency: writers hammer a debug viperd on a temporary database (contacts, paid orders
# with Idempotency-Key, and transfers when the server serves them: paid at once, or held for an
# unverified address and then claimed, cancelled or expired) while it is killed with SIGKILL at
# random moments, KILLS times; after each restart every acknowledged write must be stored and
# served, no movement may be half-written, the balances must add up, PRAGMA integrity_check must
# be ok and `viperd verify-ledger` must pass. The checks are listed in Scripts/crash/crash-test.py.
# Exits 1 on any violation.
#
#   bash Scripts/crash/crash-test.sh [KILLS]          (default 50; CI runs 5)
#
# Environment: VIPERD_BIN (default .build/debug/viperd, built when missing), CRASH_SEED (repeats a
# run's kill timings), KEEP_WORKDIR=1 (keeps the database and server log for a post-mortem).
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0

absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VIPERD_BIN=$(absolute "${VIPERD_BIN:-}")
cd "$(dirname "$0")/../.."
KILLS=${1:-50}
[[ "$KILLS" =~ ^[1-9][0-9]*$ ]] || { echo "crash-test.sh: KILLS must be a positive whole number" >&2; exit 2; }
if [[ -z "$VIPERD_BIN" ]]; then
    VIPERD_BIN=$PWD/.build/debug/viperd
    if [[ ! -x "$VIPERD_BIN" ]]; then
        echo "crash-test.sh: building the debug viperd" >&2
        swift build --product viperd >&2
    fi
fi
[[ -x "$VIPERD_BIN" ]] || { echo "crash-test.sh: no server binary at $VIPERD_BIN" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-crash.XXXXXX")
cleanup() {
    if [[ "${KEEP_WORKDIR:-0}" == 1 || ${status:-1} -ne 0 ]]; then
        echo "crash-test.sh: database and server log kept in $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
status=0
python3 Scripts/crash/crash-test.py "$VIPERD_BIN" "$work" "$KILLS" || status=$?
exit $status
