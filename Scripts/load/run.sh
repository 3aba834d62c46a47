#!/usr/bin/env bash
# Load-tests any Viperd with the journeys of locustfile.py, headless, and writes CSV and HTML
# reports. Exits non-zero on any failed request or when the aggregated p99 exceeds a budget.
#
#   bash Scripts/load/run.sh --host http://127.0.0.1:8080 [--users 50] [--spawn-rate 10]
#        [--duration 60s] [--p99-budget-ms 250] [--journeys contacts,orders,accounts] [--out DIR]
#        [--fund-command CMD]
#
# Locust (pinned) is installed into .venv-locust on first use. Point it only at a server you run:
# every simulated user registers an account of its own. CMD ACCOUNT puts money in an account (the
# operator's `viperd import-transactions` on the server's database): with it, the transfers journey
# also sends money to unverified addresses and cancels each hold (smoke.sh passes one).
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
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
[[ -n "$host" ]] || { echo "run.sh: --host is required (for example http://127.0.0.1:8080)" >&2; exit 2; }
[[ "$users" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --users must be a positive whole number" >&2; exit 2; }
[[ -z "$budget" || "$budget" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --p99-budget-ms must be a positive whole number" >&2; exit 2; }

if [[ "$("$VENV/bin/locust" --version 2>/dev/null | awk '{print $2}')" != "$LOCUST_VERSION" ]]; then
    echo "run.sh: installing locust==$LOCUST_VERSION into $VENV" >&2
    [[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "locust==$LOCUST_VERSION"
fi

mkdir -p "$out"
status=0
"$VENV/bin/locust" -f "$here/locustfile.py" --headless --host "$host" \
    --users "$users" --spawn-rate "$spawn_rate" --run-time "$duration" --stop-timeout 5 \
    --journeys "$journeys" --fund-command "$fund_command" --csv "$out/loadtest" --html "$out/report.html" --only-summary \
    --exit-code-on-error 1 || status=$?

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
