# Sourced by the scripts that need a throw-away viperd: a fresh database in a temporary folder, a
# free loopback port, and a clean stop on exit.
#
#   source Scripts/lib/viperd-server.sh
#   start_viperd BINARY WORKDIR [serve options...]   # sets server_pid and base (http://127.0.0.1:PORT)
#   stop_viperd                                       # SIGTERM, wait; sets server_status (non-zero: crashed or unclean)
# The caller's EXIT trap should call stop_viperd (it is a no-op once stopped).

server_pid=""
base=""
server_status=0

start_viperd() {
    local binary=$1 work=$2
    shift 2
    "$binary" serve --host 127.0.0.1 --port 0 --db "$work/db.sqlite" "$@" 2>"$work/server.log" &
    server_pid=$!
    local port=""
    for _ in $(seq 1 300); do
        port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
        [[ -n "$port" ]] && break
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z "$port" ]]; then
        echo "the server did not start; its log:" >&2
        cat "$work/server.log" >&2
        return 1
    fi
    base="http://127.0.0.1:$port"
}

stop_viperd() {
    [[ -n "$server_pid" ]] || return 0
    server_status=0
    if kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" || server_status=$?
        [[ $server_status -ne 0 ]] && echo "the server exited with status $server_status on SIGTERM" >&2
    else
        wait "$server_pid" || server_status=$?
        echo "the server was gone before the end of the run (exit status $server_status)" >&2
        [[ $server_status -eq 0 ]] && server_status=1
    fi
    server_pid=""
    return 0
}
