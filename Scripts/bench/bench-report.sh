#!/usr/bin/env bash
# Benchmark the banking report: GET /v1/accounts/{id}/report over a whole year holding 10,000
# transactions (ROWS; both groups), on a release build, with wrk. Prints how long the import and
# one report took, then wrk's summary with latency percentiles (p99 included). Not part of CI; do
# not run it on a shared machine under load.
#
# Usage: Scripts/bench/bench-report.sh
# Environment: DURATION [10] seconds, CONNECTIONS [16], THREADS [2], PORT [18480], SKIP_BUILD=1,
#              LANGUAGE [en] (Accept-Language of every request), ROWS [10000] transactions in
#              the year, VIPERD [.build/release/viperd] (the binary; implies nothing is built).
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "bench-report: 'wrk' not found; install with: apt-get install -y wrk" >&2; exit 2; }
command -v curl >/dev/null || { echo "bench-report: 'curl' not found" >&2; exit 2; }

if [[ "${SKIP_BUILD:-0}" != 1 && -z "${VIPERD:-}" ]]; then
    swift build -c release --product viperd
fi
viperd=${VIPERD:-.build/release/viperd}
[[ -x $viperd ]] || { echo "bench-report: $viperd missing" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-bench-report.XXXXXX")
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
db=$work/bench.sqlite
port=${PORT:-18480}

rows_wanted=${ROWS:-10000}
[[ "$rows_wanted" =~ ^[1-9][0-9]*$ ]] || { echo "bench-report: ROWS must be a positive integer, got '$rows_wanted'" >&2; exit 2; }
# ROWS rows spread evenly over 2016 (a leap year: the longest period the report allows), 40%
# authorized.
python3 - "$work/feed.json" "$rows_wanted" <<'PY'
import datetime, json, sys
start = datetime.date(2016, 1, 1)
count = int(sys.argv[2])
rows = [{"group": "A" if i % 5 < 2 else "P",
         "date": (start + datetime.timedelta(days=i * 366 // count)).isoformat(),
         "description": f"Merchant {i % 97}", "amount": f"{1 + i % 500}.{i % 100:02d}",
         "debit": "C" if i % 7 == 0 else "D"} for i in range(count)]
json.dump(rows, open(sys.argv[1], "w"))
PY

echo 'bench report password' | $viperd user create --db "$db" --email bench@example.com --name Bench >/dev/null
token=$($viperd token create --db "$db" --email bench@example.com)
$viperd serve --db "$db" --port "$port" --log-level warning 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
account=$(curl -fs "http://127.0.0.1:$port/v1/accounts" -H "Authorization: Bearer $token" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
# The running server has the database open; SQLite's WAL lets the import write alongside it.
started=$(date +%s.%N)
$viperd import-transactions --db "$db" --account "$account" "$work/feed.json" 2>"$work/import.log" \
    || { echo "bench-report: the import failed:" >&2; tail -n 20 "$work/import.log" >&2; exit 1; }
echo "bench-report: imported $rows_wanted rows in $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s"

url="http://127.0.0.1:$port/v1/accounts/$account/report?from=2016-01-01&to=2016-12-31"
rows=$(curl -fs "$url" -H "Authorization: Bearer $token" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["rows"]))')
echo "bench-report: one report is $rows rows; one request took $(curl -fs -o /dev/null -w '%{time_total}' "$url" -H "Authorization: Bearer $token") s"
wrk -t "${THREADS:-2}" -c "${CONNECTIONS:-16}" -d "${DURATION:-10}s" --latency \
    -H "Authorization: Bearer $token" -H "Accept-Language: ${LANGUAGE:-en}" "$url"
