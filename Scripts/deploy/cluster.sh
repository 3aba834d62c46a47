#!/usr/bin/env bash
# docker-compose.postgres.yml on one machine without Docker: a throw-away PostgreSQL, N viperd
# instances on free loopback ports over it, and nginx balancing round robin in front, everything
# (data, logs, pid files, nginx's config) in DIR. For Scripts/deploy/cluster-test.sh and by hand.
#
#   Scripts/deploy/cluster.sh start DIR [--instances N] [--binary PATH] [--fast] [--watch PID]
#                                [--backend postgres|sqlite]
#   Scripts/deploy/cluster.sh stop DIR
#
# start prints machine-readable lines on stdout (also written to DIR/cluster.env):
#   BALANCER=http://127.0.0.1:P   INSTANCE_1=http://127.0.0.1:P1   INSTANCE_1_PID=…   …
#   INSTANCES=N   DATABASE_URL=postgresql://…   NGINX_PID=…   BINARY=…
# and exits 0 once every instance and the balancer answer /health/ready; on any failure it says
# what failed with the end of the log concerned, stops what it started, keeps DIR and exits 1.
#
#   --instances N   viperd processes (default 2)
#   --binary PATH   default .build/debug/viperd (building it is the caller's job)
#   --fast          PostgreSQL without fsync (never for durability tests: a crash of the
#                   database machine would lose commits)
#   --watch PID     stop the whole cluster once process PID has ended (a test runner's pid)
#   --backend sqlite  the instances share one SQLite file (DIR/viperd.sqlite, printed as
#                   DATABASE_PATH) instead of PostgreSQL: to try the harness on a binary without
#                   PostgreSQL support. The login throttle is then per process.
#
# Each instance runs `viperd serve --database-url URL --port 0 --trusted-proxy 127.0.0.1
# --no-auto-migrate` (nginx connects from 127.0.0.1; the schema is migrated once, before); extra
# serve options can be given in VIPERD_SERVE_ARGS. nginx is Debian's `nginx` package (on PATH or
# /usr/sbin/nginx); as root its workers run as `nobody`.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
script=$root/Scripts/deploy/cluster.sh

usage() {
    echo "usage: $0 start DIR [--instances N] [--binary PATH] [--fast] [--watch PID] [--backend postgres|sqlite] | stop DIR" >&2
    exit 2
}
say() { echo "cluster.sh: $*" >&2; }
(($# >= 2)) || usage
command=$1 dir=$2
shift 2

# A pid from DIR is signalled only while it is still the process we started (its command line
# names what we ran), never a pid reused by something else since.
alive_as() {
    local pid=$1 name=$2
    [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$name"
}

# Waits up to $2 seconds for pid $1 to end.
wait_gone() {
    local pid=$1 deadline=$((SECONDS + $2))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.1; done
    ! kill -0 "$pid" 2>/dev/null
}

stop_cluster() {
    local dir=$1 pid file
    if [[ -f $dir/nginx/nginx.pid ]]; then
        pid=$(cat "$dir/nginx/nginx.pid")
        if alive_as "$pid" nginx; then
            kill -QUIT "$pid" 2>/dev/null || true # graceful: finish the requests in flight
            wait_gone "$pid" 5 || { kill -TERM "$pid" 2>/dev/null || true; wait_gone "$pid" 5 || true; }
        fi
        rm -f "$dir/nginx/nginx.pid"
    fi
    for file in "$dir"/viperd-*.pid; do
        [[ -f $file ]] || continue
        pid=$(cat "$file")
        if alive_as "$pid" serve; then
            kill -TERM "$pid" 2>/dev/null || true # viperd drains for --shutdown-timeout (10 s)
            wait_gone "$pid" 15 || { kill -KILL "$pid" 2>/dev/null || true; wait_gone "$pid" 5 || true; }
        fi
        rm -f "$file"
    done
    if [[ -f $dir/watch.pid ]]; then
        pid=$(cat "$dir/watch.pid")
        if [[ $pid != "$$" ]] && alive_as "$pid" "cluster.sh watch"; then
            kill "$pid" 2>/dev/null || true
        fi
        rm -f "$dir/watch.pid"
    fi
    if [[ -d $dir/pg ]]; then
        "$root/Scripts/lib/postgres-throwaway.sh" stop "$dir/pg" || true
    fi
}

if [[ $command == watch ]]; then # internal: start --watch PID runs `watch PID DIR` detached
    (($# == 1)) || usage
    while kill -0 "$dir" 2>/dev/null; do sleep 1; done
    exec "$script" stop "$1"
fi
if [[ $command == stop ]]; then
    (($# == 0)) || usage
    [[ -d $dir ]] || { say "no cluster folder $dir"; exit 0; }
    dir=$(cd "$dir" && pwd)
    stop_cluster "$dir"
    exit 0
fi
[[ $command == start ]] || usage

instances=2 binary=$root/.build/debug/viperd fast=() watch="" backend=postgres
while (($# > 0)); do
    case $1 in
    --instances) instances=${2:-}; shift 2 ;;
    --binary) binary=${2:-}; shift 2 ;;
    --fast) fast=(--fast); shift ;;
    --watch) watch=${2:-}; shift 2 ;;
    --backend) backend=${2:-}; shift 2 ;;
    *) usage ;;
    esac
done
[[ $instances =~ ^[1-9][0-9]?$ ]] || { say "--instances must be 1 to 99"; exit 2; }
[[ $backend == postgres || $backend == sqlite ]] || { say "--backend must be postgres or sqlite"; exit 2; }
[[ $binary == /* ]] || binary=$PWD/$binary
[[ -x $binary ]] || { say "no viperd binary at $binary (build it first: swift build --product viperd)"; exit 1; }
nginx_bin=$(command -v nginx || true)
[[ -n $nginx_bin ]] || { [[ -x /usr/sbin/nginx ]] && nginx_bin=/usr/sbin/nginx; }
[[ -n $nginx_bin ]] || { say "nginx not found (on PATH or /usr/sbin/nginx): apt-get install -y nginx"; exit 1; }
command -v curl >/dev/null || { say "curl not found"; exit 1; }
command -v python3 >/dev/null || { say "python3 not found (it picks nginx's free port)"; exit 1; }

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [[ -e $dir/cluster.env ]] && [[ -f $dir/nginx/nginx.pid || -n $(compgen -G "$dir/viperd-*.pid" || true) ]]; then
    say "$dir already holds a running cluster: Scripts/deploy/cluster.sh stop $dir first"
    exit 1
fi
rm -f "$dir/cluster.env"
# The PostgreSQL server runs as an unprivileged user (postgres-throwaway.sh) and nginx's workers
# as nobody: both must be able to walk into DIR (mktemp -d makes it private).
if [[ $(id -u) == 0 ]]; then chmod a+rx "$dir"; fi

failed() {
    say "$1"
    if [[ -n ${2:-} && -f $2 ]]; then
        say "last lines of $2:"
        tail -n 30 "$2" | sed 's/^/    /' >&2
    fi
    if [[ -n ${3:-} ]]; then say "$3"; fi
    say "stopping what was started; logs kept in $dir"
    stop_cluster "$dir"
    exit 1
}

# Said when a command of this binary refuses --database-url: the PostgreSQL option is missing.
no_url_hint() {
    if ! "$binary" serve --help 2>&1 | grep -q -- '--database-url'; then
        echo "this viperd has no --database-url option (no PostgreSQL support): build one that has it, or try the harness with --backend sqlite"
    fi
}

# --- the database --------------------------------------------------------------------------------
env_lines=()
if [[ $backend == postgres ]]; then
    say "starting PostgreSQL in $dir/pg"
    url=$("$root/Scripts/lib/postgres-throwaway.sh" start "$dir/pg" "${fast[@]}" 2>"$dir/postgres-start.log") \
        || failed "PostgreSQL did not start" "$dir/postgres-start.log"
    database_args=(--database-url "$url")
    env_lines+=("DATABASE_URL=$url")
else
    database_args=(--db "$dir/viperd.sqlite")
    env_lines+=("DATABASE_PATH=$dir/viperd.sqlite")
fi

# Once, before any instance: they start with --no-auto-migrate and never race on the schema.
"$binary" migrate "${database_args[@]}" >"$dir/migrate.log" 2>&1 \
    || failed "viperd migrate ${database_args[*]} failed" "$dir/migrate.log" "$(no_url_hint)"

# --- the instances ---------------------------------------------------------------------------------
read -r -a extra_args <<<"${VIPERD_SERVE_ARGS:-}"
ports=()
for ((i = 1; i <= instances; i++)); do
    log=$dir/viperd-$i.log
    : >"$log"
    # Detached from the caller's pipes (so `$(cluster.sh start …)` returns) and from its job control.
    # Each instance's metrics on a free loopback port (the log's "metrics on" line names it): on
    # one machine the default port can only be one instance's.
    nohup "$binary" serve "${database_args[@]}" --host 127.0.0.1 --port 0 --trusted-proxy 127.0.0.1 \
        --no-auto-migrate --metrics-address 127.0.0.1:0 "${extra_args[@]}" </dev/null >/dev/null 2>"$log" &
    echo $! >"$dir/viperd-$i.pid"
done
for ((i = 1; i <= instances; i++)); do
    log=$dir/viperd-$i.log pid=$(cat "$dir/viperd-$i.pid") port=""
    deadline=$((SECONDS + 30))
    while ((SECONDS < deadline)); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p' "$log" | head -n 1)
        [[ -n $port ]] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if [[ -z $port ]]; then
        if kill -0 "$pid" 2>/dev/null; then
            failed "instance $i (pid $pid) did not start listening within 30 s" "$log"
        fi
        wait "$pid" 2>/dev/null && status=0 || status=$?
        failed "instance $i exited with status $status before listening" "$log" "$(no_url_hint)"
    fi
    ready=0
    for _ in $(seq 100); do
        if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/health/ready" 2>/dev/null; then ready=1; break; fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    ((ready)) || failed "instance $i (port $port) never answered 200 on /health/ready" "$log"
    ports+=("$port")
    env_lines+=("INSTANCE_$i=http://127.0.0.1:$port" "INSTANCE_${i}_PID=$pid")
done

# --- nginx -----------------------------------------------------------------------------------------
mkdir -p "$dir/nginx/tmp"
# Free now; taken by nginx a moment later (nothing else on this machine is expected to race for it).
nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
{
    echo "# Written by Scripts/deploy/cluster.sh; the locations are deploy/nginx/viperd-locations.conf."
    if [[ $(id -u) == 0 ]]; then echo "user nobody $(id -gn nobody 2>/dev/null || echo nogroup);"; fi
    echo "worker_processes 1;"
    echo "pid $dir/nginx/nginx.pid;"
    echo "error_log $dir/nginx/error.log notice;"
    echo "events { worker_connections 1024; }"
    echo "http {"
    for kind in client_body proxy fastcgi uwsgi scgi; do echo "    ${kind}_temp_path $dir/nginx/tmp/$kind;"; done
    # The maps and log format of deploy/nginx/viperd.conf.
    sed -n '/^map /,/^}/p; /^log_format /,/;$/p' "$root/deploy/nginx/viperd.conf" | sed 's/^/    /'
    echo "    access_log $dir/nginx/access.log viperd;"
    echo "    upstream viperd {"
    for port in "${ports[@]}"; do echo "        server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"; done
    echo "        keepalive 32;"
    echo "        keepalive_timeout 4s;"
    echo "        keepalive_requests 900;"
    echo "    }"
    echo "    server {"
    echo "        listen 127.0.0.1:$nginx_port;"
    echo "        include $root/deploy/nginx/viperd-locations.conf;"
    echo "    }"
    echo "}"
} >"$dir/nginx/nginx.conf"
nginx_args=(-p "$dir/nginx/" -c "$dir/nginx/nginx.conf" -e "$dir/nginx/error.log")
"$nginx_bin" -t -q "${nginx_args[@]}" >"$dir/nginx/config-test.log" 2>&1 \
    || failed "nginx refuses $dir/nginx/nginx.conf" "$dir/nginx/config-test.log"
# Daemonized: the master writes nginx.pid and leaves the caller's pipes.
"$nginx_bin" "${nginx_args[@]}" </dev/null >"$dir/nginx/start.log" 2>&1 \
    || failed "nginx did not start" "$dir/nginx/start.log"
for _ in $(seq 50); do [[ -s $dir/nginx/nginx.pid ]] && break; sleep 0.1; done
nginx_pid=$(cat "$dir/nginx/nginx.pid" 2>/dev/null || true)
balancer=http://127.0.0.1:$nginx_port
ready=0
for _ in $(seq 50); do
    if curl -fsS -o /dev/null --max-time 2 "$balancer/health/ready" 2>/dev/null; then ready=1; break; fi
    sleep 0.1
done
((ready)) || failed "the balancer $balancer never answered 200 on /health/ready" "$dir/nginx/error.log"

env_lines=("BALANCER=$balancer" "INSTANCES=$instances" "${env_lines[@]}" "NGINX_PID=$nginx_pid" "BINARY=$binary" "DIR=$dir")

if [[ -n $watch ]]; then
    # Detached (its own pipes closed): stops the cluster once PID is gone.
    nohup "$script" watch "$watch" "$dir" </dev/null >/dev/null 2>&1 &
    echo $! >"$dir/watch.pid"
fi

printf '%s\n' "${env_lines[@]}" >"$dir/cluster.env"
printf '%s\n' "${env_lines[@]}"
