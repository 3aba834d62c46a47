#!/bin/bash
# The official postgres image's entrypoint on the points Viperd's compose file relies on: started
# as root, it owns PGDATA for postgres and re-runs itself as postgres; on an empty PGDATA it runs
# initdb with POSTGRES_USER as superuser (password POSTGRES_PASSWORD, scram-sha-256 for TCP
# clients), creates POSTGRES_DB and runs /docker-entrypoint-initdb.d; then it execs the server,
# which listens on every address.
set -euo pipefail
if [[ "${1:-}" == postgres* ]] && [[ "$(id -u)" == 0 ]]; then
    mkdir -p "$PGDATA"
    chown postgres:postgres "$PGDATA"
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi
if [[ "${1:-}" == postgres* ]] && [[ ! -s "$PGDATA/PG_VERSION" ]]; then
    : "${POSTGRES_PASSWORD:?the postgres stand-in needs POSTGRES_PASSWORD, as the official image does}"
    user=${POSTGRES_USER:-postgres}
    database=${POSTGRES_DB:-$user}
    password_file=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
    # UTF8, as the official image's en_US.utf8 gives (C.UTF-8 is built into Debian's glibc).
    initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 \
        --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$password_file"
    printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
    # A server on the socket only, for set-up, as the official image does: POSTGRES_DB, then
    # /docker-entrypoint-initdb.d (*.sh run, or sourced when not executable; *.sql given to psql as
    # POSTGRES_USER on POSTGRES_DB), in name order, once, on an empty PGDATA.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    if [[ "$database" != postgres ]]; then
        psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \"$database\"" >/dev/null
    fi
    for file in /docker-entrypoint-initdb.d/*; do
        [[ -f "$file" ]] || continue
        case "$file" in
            *.sh)
                echo "postgres stand-in: running $file"
                if [[ -x "$file" ]]; then "$file"; else . "$file"; fi ;;
            *.sql)
                echo "postgres stand-in: running $file"
                psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$user" --dbname "$database" -f "$file" >/dev/null ;;
            *) echo "postgres stand-in: ignoring $file" ;;
        esac
    done
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo "postgres stand-in: initialised $PGDATA (user $user, database $database)"
fi
if [[ "${1:-}" == postgres ]]; then
    exec postgres -c listen_addresses='*' "${@:2}"
fi
exec "$@"
