#!/usr/bin/env bash
# Durability proof of group commit: a burst of concurrent contact creates at synchronous=FULL, the
# server SIGKILLed in the middle of it, restarted on the same database, and every create that was
# acknowledged (201 with its id) must be there. Repeated for ROUNDS rounds on one database.
#
#   bash Scripts/crash/group-commit-kill-test.sh     (VIPERD_BIN, ROUNDS [3], CLIENTS [32], WORKERS [16],
#                                               GROUP_COMMIT [on], KILL_AFTER [1.5] seconds)
# Exits 0 when nothing acknowledged was lost, 1 otherwise (listing the missing ids).
set -uo pipefail
# One user writes here as fast as the server allows: the per-user rates (tested by the suite)
# would answer 429 and measure themselves, so every viperd this script starts runs without them.
export VIPERD_MAX_WRITES_PER_MINUTE=0 VIPERD_MAX_TRANSFERS_PER_MINUTE=0
root="$(cd "$(dirname "$0")/../.." && pwd)"
VIPERD_BIN=${VIPERD_BIN:-$root/.build/debug/viperd}
ROUNDS=${ROUNDS:-3}
CLIENTS=${CLIENTS:-32}
WORKERS=${WORKERS:-16}
GROUP_COMMIT=${GROUP_COMMIT:-on}
KILL_AFTER=${KILL_AFTER:-1.5}
[[ -x "$VIPERD_BIN" ]] || { echo "group-commit-kill-test: no server binary at $VIPERD_BIN (swift build first)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "group-commit-kill-test: python3 is required" >&2; exit 2; }

source "$root/Scripts/lib/viperd-server.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/viperd-kill-test.XXXXXX")
cleanup() {
    stop_viperd
    rm -rf "$work"
}
trap cleanup EXIT
serve_options=(--log-level notice --workers "$WORKERS" --sqlite-synchronous full --sqlite-group-commit "$GROUP_COMMIT")

start_viperd "$VIPERD_BIN" "$work" "${serve_options[@]}" || exit 1
# Registered (202) and signed in (the token); it only writes its own contacts, so it stays unverified.
token=$(python3 "$root/Scripts/lib/viperd_accounts.py" register --base "$base" --name "Kill Test" \
    --email kill-test@example.com --password "correct horse battery") || { echo "registration failed" >&2; exit 1; }

: >"$work/acknowledged"
status=0
for round in $(seq 1 "$ROUNDS"); do
    # The burst: CLIENTS keep-alive connections creating contacts until the server goes away;
    # an id is recorded only once its 201 has been read in full.
    python3 - "$base" "$token" "$CLIENTS" "$round" "$work/acknowledged" "$work/burst-$round.log" <<'PY' &
import http.client, json, sys, threading, urllib.parse
base, token, clients, round_, out, log = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
url = urllib.parse.urlparse(base)
lock = threading.Lock()
acknowledged, failures = [], []

def client(index):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    sequence = 0
    while True:
        sequence += 1
        body = json.dumps({"firstName": f"R{round_}C{index}", "lastName": f"N{sequence}"})
        try:
            connection.request("POST", "/v1/contacts", body, {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            response = connection.getresponse()
            payload = response.read()
        except Exception:
            return  # the server is gone (or going): this create was never acknowledged
        if response.status == 201:
            with lock:
                acknowledged.append(json.loads(payload)["id"])
        else:
            with lock:
                failures.append(f"{response.status} {payload[:200]!r}")

threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
for thread in threads: thread.start()
for thread in threads: thread.join()
with open(out, "a") as file:
    file.writelines(id_ + "\n" for id_ in acknowledged)
with open(log, "w") as file:
    file.write(f"acknowledged {len(acknowledged)}\n")
    file.writelines(f"refused {failure}\n" for failure in failures)
PY
    burst=$!
    sleep "$KILL_AFTER"
    kill -KILL "$server_pid"
    wait "$server_pid" 2>/dev/null
    server_pid=""
    wait "$burst"
    refused=$(grep -c '^refused' "$work/burst-$round.log")
    echo "round $round: $(head -n 1 "$work/burst-$round.log") before SIGKILL; $refused refused"
    if ((refused > 0)); then
        grep '^refused' "$work/burst-$round.log" | head -n 5 >&2
        status=1
    fi

    # Restart on the same database: every acknowledged id, of this round and the ones before, must be there.
    start_viperd "$VIPERD_BIN" "$work" "${serve_options[@]}" || exit 1
    missing=$(python3 - "$base" "$token" "$work/acknowledged" <<'PY'
import http.client, sys, urllib.parse
base, token, path = sys.argv[1], sys.argv[2], sys.argv[3]
url = urllib.parse.urlparse(base)
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
for id_ in open(path).read().split():
    connection.request("GET", f"/v1/contacts/{id_}", headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        print(f"{id_} ({response.status})")
PY
    )
    total=$(wc -l <"$work/acknowledged")
    if [[ -n "$missing" ]]; then
        echo "round $round: LOST acknowledged creates after SIGKILL and restart:" >&2
        echo "$missing" >&2
        status=1
    else
        echo "round $round: all $total acknowledged creates so far are stored after the restart"
    fi
    if [[ "$(head -n 1 "$work/burst-$round.log")" == "acknowledged 0" ]]; then
        echo "round $round: nothing was acknowledged before the kill; raise KILL_AFTER" >&2
        status=1
    fi
done
((status == 0)) && echo "group-commit-kill-test: no acknowledged write lost in $ROUNDS rounds (group commit $GROUP_COMMIT)"
exit $status
