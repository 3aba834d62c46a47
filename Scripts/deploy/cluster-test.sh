#!/usr/bin/env bash
# The promises across instances: starts a cluster (Scripts/deploy/cluster.sh: a throw-away PostgreSQL,
# two viperd instances, nginx), runs Scripts/deploy/cluster-test.py's checks against it, stops it. Exits 1
# on any violation (each check prints one line with its figures), 2 on bad usage. About 75 s.
#
#   bash Scripts/deploy/cluster-test.sh [--only NAME]...     NAME: retries transfers crossing idempotency throttle
#                                                            revocation live kill
#   CROSSING_SECONDS=60 bash Scripts/deploy/cluster-test.sh --only crossing     the issue's 60 s of crossing transfers
#
# Environment: VIPERD_BIN (default .build/debug/viperd, built when missing), CLUSTER_BACKEND
# (postgres, the default, or sqlite: the instances share one SQLite file, for trying the harness on
# a binary without PostgreSQL support; the throttle check then fails, as it should: that throttle
# is per process), CROSSING_SECONDS (the crossing check's length, default 10), KEEP_WORKDIR=1
# (keeps the cluster's folder: logs, nginx.conf, the database).
# Needs: PostgreSQL's server binaries (Debian `postgresql`), `nginx`, `curl`, `python3`.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0

absolute() { if [[ -n "$1" && "$1" != /* ]]; then echo "$PWD/$1"; else echo "$1"; fi; }
VIPERD_BIN=$(absolute "${VIPERD_BIN:-}")
cd "$(dirname "$0")/../.."
if [[ -z "$VIPERD_BIN" ]]; then
    VIPERD_BIN=$PWD/.build/debug/viperd
    if [[ ! -x "$VIPERD_BIN" ]]; then
        echo "cluster-test.sh: building the debug viperd" >&2
        swift build --product viperd >&2
    fi
fi
[[ -x "$VIPERD_BIN" ]] || { echo "cluster-test.sh: no server binary at $VIPERD_BIN" >&2; exit 1; }
for argument in "$@"; do
    case $argument in --only | retries | transfers | crossing | idempotency | throttle | revocation | live | kill) ;; *)
        echo "usage: $0 [--only retries|transfers|crossing|idempotency|throttle|revocation|live|kill]..." >&2; exit 2 ;;
    esac
done

# Under /tmp, not a private folder: PostgreSQL (as its own user when we are root) and nginx's
# workers (nobody) must reach it.
work=$(mktemp -d /tmp/viperd-cluster.XXXXXX)
status=1
cleanup() {
    bash Scripts/deploy/cluster.sh stop "$work" || true
    if [[ "${KEEP_WORKDIR:-0}" == 1 || $status -ne 0 ]]; then
        echo "cluster-test.sh: cluster folder (logs, nginx.conf, database) kept in $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# Durable PostgreSQL (no --fast): the kill check is about acknowledged writes. --watch stops the
# cluster even if this script is killed before its trap runs.
if ! bash Scripts/deploy/cluster.sh start "$work" --instances 2 --binary "$VIPERD_BIN" --watch $$ \
    --backend "${CLUSTER_BACKEND:-postgres}" >"$work.start" ; then
    rm -f "$work.start"
    echo "cluster-test.sh: the cluster did not start (its message is above)" >&2
    exit 1
fi
sed 's/^/cluster-test.sh: /' "$work.start" >&2
rm -f "$work.start"
status=0
python3 Scripts/deploy/cluster-test.py "$work" "$@" || status=$?
exit $status
