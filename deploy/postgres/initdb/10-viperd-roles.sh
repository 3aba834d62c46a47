#!/bin/bash
# The roles of docker-compose.postgres.yml, made once, when the postgres container initialises an
# empty volume (/docker-entrypoint-initdb.d, as POSTGRES_USER, the cluster's superuser):
#
#   viperd_owner  owns the database and its `public` schema: it runs the migrations (the compose
#                 file's `migrate` service), so every table, sequence and function is its own.
#   viperd_app    what the instances connect as: it may connect, and read and write rows
#                 (SELECT, INSERT, UPDATE, DELETE on every table, USAGE on every sequence, now and
#                 in every later migration through default privileges), and nothing else: no
#                 CREATE, ALTER, DROP or TRUNCATE, no temporary tables.
#
# The superuser may not log in over TCP at all (`docker compose exec postgres psql -U postgres`
# uses the socket). Passwords: VIPERD_POSTGRES_OWNER_PASSWORD and VIPERD_POSTGRES_APP_PASSWORD in
# the container's environment. Safe to run again on an existing database (docs/DEPLOYMENT.md,
# "Roles"): it creates what is missing, resets both passwords and grants what is already there.
set -euo pipefail
: "${VIPERD_POSTGRES_OWNER_PASSWORD:?set VIPERD_POSTGRES_OWNER_PASSWORD}"
: "${VIPERD_POSTGRES_APP_PASSWORD:?set VIPERD_POSTGRES_APP_PASSWORD}"
database=${POSTGRES_DB:-${POSTGRES_USER:-postgres}}
superuser=${POSTGRES_USER:-postgres}

psql -v ON_ERROR_STOP=1 --quiet --no-psqlrc --username "$superuser" --dbname "$database" \
    -v database="$database" \
    -v owner_password="$VIPERD_POSTGRES_OWNER_PASSWORD" \
    -v app_password="$VIPERD_POSTGRES_APP_PASSWORD" <<'SQL'
SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'viperd_owner') AS create_owner,
       NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'viperd_app') AS create_app \gset
\if :create_owner
CREATE ROLE viperd_owner LOGIN;
\endif
\if :create_app
CREATE ROLE viperd_app LOGIN;
\endif
ALTER ROLE viperd_owner PASSWORD :'owner_password' NOSUPERUSER NOCREATEDB NOCREATEROLE;
ALTER ROLE viperd_app PASSWORD :'app_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;

-- The owner: the database, and with it (PostgreSQL 15: pg_database_owner) the public schema.
ALTER DATABASE :"database" OWNER TO viperd_owner;
ALTER SCHEMA public OWNER TO viperd_owner;
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- The application: rows only.
GRANT CONNECT ON DATABASE :"database" TO viperd_app;
GRANT USAGE ON SCHEMA public TO viperd_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO viperd_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO viperd_app;
ALTER DEFAULT PRIVILEGES FOR ROLE viperd_owner IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO viperd_app;
ALTER DEFAULT PRIVILEGES FOR ROLE viperd_owner IN SCHEMA public
    GRANT USAGE, SELECT ON SEQUENCES TO viperd_app;
SQL

# The superuser: the socket only. First match wins in pg_hba.conf, so this goes on top; it takes
# effect when the server starts for good, after these scripts.
hba="$PGDATA/pg_hba.conf"
if ! grep -q "^host all $superuser all reject" "$hba"; then
    { echo "# viperd: the superuser logs in over the socket only (10-viperd-roles.sh)"
      echo "host all $superuser all reject"
      cat "$hba"; } > "$hba.new"
    cat "$hba.new" > "$hba"
    rm -f "$hba.new"
fi
echo "viperd roles: viperd_owner owns database $database; viperd_app may read and write its rows"
