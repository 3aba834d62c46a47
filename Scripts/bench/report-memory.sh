#!/usr/bin/env bash
# Peak memory of one banking report: a debug viperd on a fresh SQLite database, ROWS transactions
# over 2016 named like the issue's hostile account ("Transfer to " + 100 emoji, 412 bytes), one
# GET of the year's report read at full speed (SLOW=1: at 64 KiB a second, given up after 5 s;
# PARALLEL=N: N at once), then the server's VmHWM from /proc/PID/status. Not a benchmark.
#
# Usage: Scripts/bench/report-memory.sh
# Environment: ROWS [99999], DESCRIPTION [emoji|plain], SLOW [0], PARALLEL [1], VIPERD [.build/debug/viperd],
#              PORT [18490], EXTRA (more `serve` options, e.g. "--max-report-rows 200000").
set -euo pipefail
cd "$(dirname "$0")/../.."
viperd=${VIPERD:-.build/debug/viperd}
[[ -x $viperd ]] || { echo "report-memory: $viperd missing (swift build)" >&2; exit 2; }
rows_wanted=${ROWS:-99999}
port=${PORT:-18490}
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-report-memory.XXXXXX")
server_pid=""
cleanup() {
    [[ -n "$server_pid" ]] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
db=$work/report.sqlite

python3 - "$work/feed.json" "$rows_wanted" "${DESCRIPTION:-emoji}" <<'PY'
import datetime, json, sys
start = datetime.date(2016, 1, 1)
count = int(sys.argv[2])
name = "Transfer to " + "\U0001F4B8" * 100 if sys.argv[3] == "emoji" else None
rows = [{"group": "A" if i % 2 else "P",
         "date": (start + datetime.timedelta(days=i * 366 // count)).isoformat(),
         "description": name or f"Merchant {i % 97}", "amount": "0.01",
         "debit": "C" if i % 2 else "D"} for i in range(count)]
json.dump(rows, open(sys.argv[1], "w"))
PY

echo 'report memory password' | $viperd user create --db "$db" --email memory@example.com --name Memory >/dev/null
token=$($viperd token create --db "$db" --email memory@example.com)
# shellcheck disable=SC2086
$viperd serve --db "$db" --port "$port" --log-level warning --max-report-rows 200000 ${EXTRA:-} 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
account=$(curl -fs "http://127.0.0.1:$port/v1/accounts" -H "Authorization: Bearer $token" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
$viperd import-transactions --db "$db" --account "$account" "$work/feed.json" >/dev/null 2>"$work/import.log" \
    || { echo "report-memory: the import failed:" >&2; tail -n 20 "$work/import.log" >&2; exit 1; }
hwm() { awk '/VmHWM/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$server_pid/status"; }
rss() { awk '/VmRSS/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$server_pid/status"; }
echo "report-memory: $rows_wanted rows imported; server RSS $(rss), peak so far $(hwm)"
url="http://127.0.0.1:$port/v1/accounts/$account/report?from=2016-01-01&to=2016-12-31"
rate=()
[[ "${SLOW:-0}" == 1 ]] && rate=(--limit-rate 64k --max-time 5)
started=$(date +%s.%N)
for n in $(seq 2 "${PARALLEL:-1}"); do
    curl -s "${rate[@]}" -o "$work/body-$n.json" "$url" -H "Authorization: Bearer $token" &
done
curl -s "${rate[@]}" -o "$work/body.json" -w 'report-memory: HTTP %{http_code}, %{size_download} bytes' "$url" -H "Authorization: Bearer $token" || true
wait $(jobs -p | grep -v "^$server_pid$") 2>/dev/null || true
echo " in $(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }') s (${PARALLEL:-1} at once)"
if [[ "${SLOW:-0}" != 1 ]]; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("report-memory: %d rows, valid JSON" % len(d["rows"]))' "$work/body.json"
fi
echo "report-memory: server peak RSS (VmHWM) $(hwm), RSS now $(rss)"
