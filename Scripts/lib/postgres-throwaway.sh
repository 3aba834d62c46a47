#!/usr/bin/env bash
# A throw-away PostgreSQL server in a folder of its own, for the tests, `.ci/run` and the
# two-instance scripts: nothing outside DIR is touched, and `stop` (or the watched process ending)
# shuts it down.
#
#   Scripts/lib/postgres-throwaway.sh start DIR [--port N] [--fast] [--watch PID [--discard]]
#       initdb (if DIR has no cluster yet) and start; prints the database URL on stdout, e.g.
#       postgresql://viperd@/viperd?host=DIR&port=N (a Unix socket in DIR; --port also opens
#       127.0.0.1:N). --fast turns off fsync and synchronous_commit (tests only: a crash may lose
#       committed work). --watch stops the server once process PID has ended; with --discard it
#       then deletes DIR as well (the tests' per-process servers: ~2 GB each, left behind by
#       every `swift test` run until they filled the disk).
#   Scripts/lib/postgres-throwaway.sh stop DIR
#
# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user (Debian's
# package creates it), else `nobody`, and DIR is handed to that user. The binaries are found on
# PATH, through `pg_config --bindir`, or in /usr/lib/postgresql/*/bin (Debian's `postgresql`).
set -euo pipefail

usage() { echo "usage: $0 start DIR [--port N] [--fast] [--watch PID [--discard]] | stop DIR" >&2; exit 2; }
(($# >= 2)) || usage
command=$1 dir=$2
shift 2
port=55432 fast=0 watch="" discard=0
while (($# > 0)); do
    case $1 in
    --port) port=$2; tcp=1; shift 2 ;;
    --fast) fast=1; shift ;;
    --watch) watch=$2; shift 2 ;;
    --discard) discard=1; shift ;;
    *) usage ;;
    esac
done
[[ $discard == 0 || -n $watch ]] || usage   # --discard only with --watch

bindir() {
    if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return; fi
    if command -v pg_config >/dev/null 2>&1 && [[ -x "$(pg_config --bindir)/initdb" ]]; then pg_config --bindir; return; fi
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [[ -n $found && -x $found/initdb ]]; then echo "$found"; return; fi
    echo "postgres-throwaway: PostgreSQL server binaries (initdb, pg_ctl) not found; install Debian's postgresql package" >&2
    exit 1
}
bin=$(bindir)

# Runs a server binary as the unprivileged owner of DIR.
as_owner() {
    if [[ $(id -u) == 0 ]]; then
        runuser -u "$owner" -- "$@"
    else
        "$@"
    fi
}
owner=$(id -un)
if [[ $(id -u) == 0 ]]; then
    owner=$(id -u postgres >/dev/null 2>&1 && echo postgres || echo nobody)
fi

case $command in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [[ $(id -u) == 0 ]]; then
        chown "$owner" "$dir"
        if ! runuser -u "$owner" -- test -w "$dir"; then
            echo "postgres-throwaway: user $owner cannot reach $dir (a parent folder is private): use a folder under /tmp" >&2
            exit 1
        fi
    fi
    if [[ ! -f $dir/data/PG_VERSION ]]; then
        as_owner "$bin/initdb" -D "$dir/data" -U viperd --auth=trust -E UTF8 --locale=C.UTF-8 -N >"$dir/initdb.log" 2>&1 \
            || as_owner "$bin/initdb" -D "$dir/data" -U viperd --auth=trust -E UTF8 --locale=C -N >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    options="-k $dir -p $port -c listen_addresses=${tcp:+127.0.0.1} -c max_connections=300"
    if ((fast)); then options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
    if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$options" -w -t 60 start >/dev/null; then
        cat "$dir/server.log" >&2
        exit 1
    fi
    if ! as_owner "$bin/psql" -h "$dir" -p "$port" -U viperd -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'viperd'" | grep -q 1; then
        as_owner "$bin/createdb" -h "$dir" -p "$port" -U viperd viperd
    fi
    if [[ -n $watch ]]; then
        # Detached, so the caller's pipes close: the server is stopped once PID is gone.
        after_stop=""
        [[ $discard == 1 ]] && after_stop="; rm -rf $(printf '%q' "$dir")"
        nohup bash -c "while kill -0 $watch 2>/dev/null; do sleep 1; done; $(printf '%q' "$0") stop $(printf '%q' "$dir")$after_stop" \
            >/dev/null 2>&1 </dev/null &
    fi
    echo "postgresql://viperd@/viperd?host=$dir&port=$port"
    ;;
stop)
    dir=$(cd "$dir" && pwd)
    if [[ -f $dir/data/postmaster.pid ]]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
*) usage ;;
esac
