#!/usr/bin/env bash
# Load-tests any Viperd with the journeys of locustfile.py, headless, and writes CSV and HTML
# reports. Exits non-zero on any failed request or when the aggregated p99 exceeds a budget.
#
#   bash Scripts/load/run.sh --host http://127.0.0.1:8080 [--users 50] [--spawn-rate 10]
#        [--duration 60s] [--p99-budget-ms 250] [--journeys contacts,orders,accounts] [--out DIR]
#        [--fund-command CMD] [--stream-holders WEIGHT [--mail-log FILE]]
#
# Locust (pinned) is installed into .venv-locust on first use. Point it only at a server you run:
# every simulated user registers an account of its own. CMD ACCOUNT puts money in an account (the
# operator's `viperd import-transactions` on the server's database): with it, the transfers journey
# also sends money to unverified addresses and cancels each hold (smoke.sh passes one).
# WEIGHT > 0 adds StreamHolder users (WEIGHT of them to every 10 clients) holding GET /v1/events and
# reporting each event's delay as `SSE event`; given the server's log FILE (--log-level info, no
# --smtp-url) they verify their address, and funded clients pay them so transfers fan out.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

LOCUST_VERSION=2.47.0
VENV=${VENV:-$root/.venv-locust}
host="" users=50 spawn_rate=10 duration=60s budget="" journeys=${LOADTEST_JOURNEYS:-all} out="$root/loadtest-results"
fund_command=${LOADTEST_FUND_COMMAND:-}
stream_holders=${LOADTEST_STREAM_HOLDERS:-0} mail_log=${LOADTEST_MAIL_LOG:-}
while (($#)); do
    case "$1" in
        --host) host=$2; shift 2 ;;
        --users) users=$2; shift 2 ;;
        --spawn-rate) spawn_rate=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        --p99-budget-ms) budget=$2; shift 2 ;;
        --journeys) journeys=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --fund-command) fund_command=$2; shift 2 ;;
        --stream-holders) stream_holders=$2; shift 2 ;;
        --mail-log) mail_log=$2; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
[[ -n "$host" ]] || { echo "run.sh: --host is required (for example http://127.0.0.1:8080)" >&2; exit 2; }
[[ "$users" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --users must be a positive whole number" >&2; exit 2; }
[[ -z "$budget" || "$budget" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --p99-budget-ms must be a positive whole number" >&2; exit 2; }
[[ "$stream_holders" =~ ^[0-9]+$ ]] || { echo "run.sh: --stream-holders must be a whole number (0: none)" >&2; exit 2; }
# Locust runs every user class in the file unless told which: without holders, the clients alone.
user_classes=(MobileClient)
if ((stream_holders > 0)); then user_classes+=(StreamHolder); fi
export LOADTEST_STREAM_HOLDER_WEIGHT=$stream_holders

if [[ "$("$VENV/bin/locust" --version 2>/dev/null | awk '{print $2}')" != "$LOCUST_VERSION" ]]; then
    echo "run.sh: installing locust==$LOCUST_VERSION into $VENV" >&2
    [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "locust==$LOCUST_VERSION"
fi

mkdir -p "$out"
status=0
"$VENV/bin/locust" -f "$here/locustfile.py" --headless --host "$host" \
    --users "$users" --spawn-rate "$spawn_rate" --run-time "$duration" --stop-timeout 5 \
    --journeys "$journeys" --fund-command "$fund_command" --mail-log "$mail_log" --csv "$out/loadtest" --html "$out/report.html" \
    --only-summary --exit-code-on-error 1 "${user_classes[@]}" || status=$?

# Locust's exit code covers failures; the budget and a readable verdict come from its CSV.
"$VENV/bin/python" - "$out/loadtest_stats.csv" "${budget:-0}" <<'PY' || status=1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
budget = int(sys.argv[2])
total = next(row for row in rows if row["Name"] == "Aggregated")
requests, failures, p99 = int(total["Request Count"]), int(total["Failure Count"]), total["99%"]
print(f"run.sh: {requests} requests, {failures} failures, p99 {p99} ms")
for row in rows:
    if row["Name"] != "Aggregated" and int(row["Failure Count"]) > 0:
        print(f"run.sh:   {row['Type']} {row['Name']}: {row['Failure Count']} failures")
if requests == 0:
    sys.exit("run.sh: no request was made")
if failures:
    sys.exit(1)
if budget and p99 not in ("N/A", "") and float(p99) > budget:
    sys.exit(f"run.sh: p99 {p99} ms exceeds the budget of {budget} ms")
PY
echo "run.sh: reports in $out (loadtest_stats.csv, loadtest_failures.csv, report.html)"
exit $status
