#!/usr/bin/env bash
# Instructions per request of two viperd binaries (e.g. before and after a refactoring), counted
# by callgrind: unlike req/s, the count does not depend on what else the machine is doing, so it
# can compare builds on a busy machine. Not a replacement for the side-by-side runs (it ignores
# waiting, fsync and cache effects); it answers "does this change add work per request?".
#
# Usage: Scripts/bench/bench-instructions.sh BEFORE_BINARY AFTER_BINARY [GETS [CREATES]]
#   e.g. two release builds: git worktree add ../before REV && (cd ../before && swift build -c release)
# Each binary: a fresh database seeded by its own `seed-bench` (10,000 contacts), the server under
# `valgrind --tool=callgrind`, 50 warm-up GETs, then GETS (1000) gets by id and CREATES (300)
# contact creates on one keep-alive connection, counters zeroed and dumped around each phase.
# The binaries are copied without debug info first: valgrind 3.19 cannot read Swift's DWARF 5.
# KEEP=FOLDER keeps each phase's profile there (before.get, after.create, ...) for
# `callgrind_annotate --inclusive=yes FOLDER/after.create`, to see which functions the count moved in.
set -euo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
[[ $# -ge 2 ]] || { sed -n 2,12p "$0" >&2; exit 64; }
command -v valgrind >/dev/null && command -v callgrind_control >/dev/null ||
    { echo "bench-instructions: valgrind not found; install with: apt-get install -y valgrind" >&2; exit 2; }
gets=${3:-1000}; creates=${4:-300}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# One keep-alive client: PHASE N.
cat > "$work/client.py" <<'PY'
import http.client, json, sys
port, folder, phase, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
token = open(f"{folder}/token").read().strip()
ids = [line.strip() for line in open(f"{folder}/ids.txt") if line.strip()]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
headers = {"Authorization": f"Bearer {token}", "Host": "bench"}
for n in range(count):
    if phase == "create":
        body = json.dumps({"firstName": "Bench", "lastName": f"Contact {n}", "email": f"bench{n}@example.com",
                           "phone": "+1-555-0100", "address": {"street": "1 Bench Street", "city": "Toronto",
                           "province": "ON", "postalCode": "M5V 2T6", "country": "CA"}})
        connection.request("POST", "/v1/contacts", body=body, headers={**headers, "Content-Type": "application/json"})
    else:
        connection.request("GET", f"/v1/contacts/{ids[n % len(ids)]}", headers=headers)
    response = connection.getresponse(); response.read()
    if response.status not in (200, 201):
        sys.exit(f"bench-instructions: {phase} answered {response.status}")
PY

# measure NAME BINARY PORT: prints "NAME get N create N" (instructions per request).
measure() {
    local name=$1 binary=$2 port=$3 dir="$work/$1"
    mkdir -p "$dir"
    strip --strip-debug -o "$dir/viperd" "$binary"
    "$dir/viperd" seed-bench --db "$dir/db.sqlite" --contacts 10000 --ids-file "$dir/ids.txt" --token-file "$dir/token" >/dev/null
    env LOG_LEVEL=warning valgrind --tool=callgrind --callgrind-out-file="$dir/out.%p" "$dir/viperd" serve \
        --host 127.0.0.1 --port "$port" --db "$dir/db.sqlite" --workers 2 --write-workers 8 >"$dir/server.log" 2>&1 &
    local pid=$!
    for _ in $(seq 1 180); do curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 1; done
    # The periodic purge first runs 10 s after start (then every 5 minutes): let it pass before
    # the counters are zeroed, or a phase counts its ~9 million instructions as the requests'.
    sleep 25
    python3 "$work/client.py" "$port" "$dir" get 50
    callgrind_control -z "$pid" >/dev/null 2>&1
    python3 "$work/client.py" "$port" "$dir" get "$gets"
    callgrind_control -d get "$pid" >/dev/null 2>&1
    callgrind_control -z "$pid" >/dev/null 2>&1
    python3 "$work/client.py" "$port" "$dir" create "$creates"
    callgrind_control -d create "$pid" >/dev/null 2>&1
    kill -INT "$pid"; wait "$pid" || true
    local get create
    get=$(sed -n 's/^summary: //p' "$dir/out.$pid.1"); create=$(sed -n 's/^summary: //p' "$dir/out.$pid.2")
    if [[ -n "${KEEP:-}" ]]; then
        mkdir -p "$KEEP"; cp "$dir/out.$pid.1" "$KEEP/$name.get"; cp "$dir/out.$pid.2" "$KEEP/$name.create"
    fi
    echo "$name get $((get / gets)) create $((create / creates))"
}
port=$((20000 + RANDOM % 20000))
measure before "$1" "$port"
measure after "$2" $((port + 1))
