#!/usr/bin/env bash
# Applies Migrations/postgres/*.sql to fresh databases of a real PostgreSQL server and checks what
# they promise: each file in one transaction (as the migrator runs it), as a database owner who is
# not a superuser (as a deployment runs them); the balance triggers of 0006 on INSERT, UPDATE and
# DELETE, overflow included; the constraints; byte-order sorting; the trigram indexes of 0007; the
# data steps of 0002, 0004 and 0006 on a database migrated one step at a time; 0007's refusal of a
# database with contacts.
#
# Usage: bash Scripts/deploy/postgres-migrations-check.sh [URL]
#   Without URL, a throw-away server (Scripts/lib/postgres-throwaway.sh) is started and stopped. With
#   URL, it must name a role that may create roles and databases; the check creates and drops
#   `viperd_migcheck*` there.
# Exit status: 0 every check passed; 1 a check failed (printed).
set -euo pipefail
cd "$(dirname "$0")/../.."

if (($# >= 1)); then
    url=$1
else
    dir=$(mktemp -d /tmp/viperd-pgmig-XXXXXX)
    chmod 755 "$dir"
    trap 'Scripts/lib/postgres-throwaway.sh stop "$dir"; rm -rf "$dir"' EXIT
    url=$(Scripts/lib/postgres-throwaway.sh start "$dir" --fast)
fi
files=(Migrations/postgres/[0-9]*.sql)
export PGOPTIONS="-c client_min_messages=warning"
role=viperd_migcheck

# URL with another user and database (postgresql://user@host/db?params).
url_for() { sed -E "s#^(postgres(ql)?://)([^@/]*@)?([^/?]*)/?[^?]*#\1$role@\4/$1#" <<<"$url"; }
admin() { psql "$url" -X -q -v ON_ERROR_STOP=1 "$@"; }
fresh() {
    admin -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1 OWNER $role"
}
# Each file as its own transaction, as `Migrator` applies it.
apply() {
    local db=$1
    shift
    for file in "$@"; do
        psql "$(url_for "$db")" -X -q -1 -v ON_ERROR_STOP=1 -f "$file" >/dev/null || { echo "FAILED: $file on $db" >&2; exit 1; }
    done
}
# SQL that must succeed (its ASSERTs hold).
check() {
    local db=$1 what=$2
    if ! psql "$(url_for "$db")" -X -q -v ON_ERROR_STOP=1 >/dev/null; then
        echo "FAILED: $what" >&2
        exit 1
    fi
    echo "ok: $what"
}
# SQL that must fail with a message containing PATTERN; one transaction, so nothing of it stays.
refused() {
    local db=$1 what=$2 pattern=$3 output
    if output=$(psql "$(url_for "$db")" -X -q -1 -v ON_ERROR_STOP=1 2>&1 >/dev/null); then
        echo "FAILED (accepted): $what" >&2
        exit 1
    fi
    if ! grep -q -- "$pattern" <<<"$output"; then
        echo "FAILED (wrong error): $what: $output" >&2
        exit 1
    fi
    echo "ok: $what"
}

admin -c "DROP DATABASE IF EXISTS viperd_migcheck" -c "DROP DATABASE IF EXISTS viperd_migcheck_steps" \
    -c "DROP ROLE IF EXISTS $role" -c "CREATE ROLE $role LOGIN NOSUPERUSER"
trap_cleanup() { admin -c "DROP DATABASE IF EXISTS viperd_migcheck" -c "DROP DATABASE IF EXISTS viperd_migcheck_steps" -c "DROP ROLE IF EXISTS $role" || true; }

# --- every file on an empty database ------------------------------------------------------
fresh viperd_migcheck
apply viperd_migcheck "${files[@]}"
echo "ok: ${#files[@]} migrations applied as a database owner who is not a superuser"

check viperd_migcheck "0006: INSERT, UPDATE (amount, direction, account) and DELETE keep accounts.balance" <<'SQL'
INSERT INTO users VALUES ('u1', 'U', 'u@example.com', 'h', 0);
INSERT INTO accounts (id, owner_id, name, currency, created_at) VALUES ('a1', 'u1', 'A', 'CAD', 0), ('a2', 'u1', 'B', 'CAD', 0);
CREATE FUNCTION pg_temp.balances() RETURNS TEXT LANGUAGE sql AS $$ SELECT string_agg(id || '=' || balance, ' ' ORDER BY id) FROM accounts $$;
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount) VALUES
    ('t1', 'a1', 'posted', 'credit', '2025-01-01', 'pay', 1000),
    ('t2', 'a1', 'authorized', 'debit', '2025-01-02', 'card', 300);
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=700 a2=0', pg_temp.balances(); END $$;
UPDATE transactions SET amount = 500 WHERE id = 't2';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=500 a2=0', pg_temp.balances(); END $$;
UPDATE transactions SET direction = 'credit' WHERE id = 't2';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=1500 a2=0', pg_temp.balances(); END $$;
UPDATE transactions SET account_id = 'a2' WHERE id = 't2';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=1000 a2=500', pg_temp.balances(); END $$;
UPDATE transactions SET account_id = 'a1', direction = 'debit', amount = 200 WHERE id = 't2';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=800 a2=0', pg_temp.balances(); END $$;
UPDATE transactions SET description = 'renamed';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=800 a2=0', pg_temp.balances(); END $$;
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount, reverses_id)
    VALUES ('t3', 'a1', 'authorized', 'credit', '2025-01-03', 'void', 200, 't2');
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=1000 a2=0', pg_temp.balances(); END $$;
DELETE FROM transactions WHERE id = 't1';
DO $$ BEGIN ASSERT pg_temp.balances() = 'a1=0 a2=0', pg_temp.balances(); END $$;
DO $$ BEGIN ASSERT (SELECT array_agg(seq ORDER BY seq) FROM transactions) = ARRAY[2, 3]::BIGINT[]; END $$;
SQL

check viperd_migcheck "0006: a balance of 2^63 - 1 is stored" <<'SQL'
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount)
    VALUES ('big1', 'a2', 'posted', 'credit', '2025-01-04', 'big', 9223372036854775807);
SQL
refused viperd_migcheck "0006: a balance past 64 bits is 'integer overflow'" "integer overflow" <<'SQL'
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount)
    VALUES ('big2', 'a2', 'posted', 'credit', '2025-01-04', 'big', 1);
SQL
check viperd_migcheck "0006: the overflowing statement stored nothing" <<'SQL'
DO $$ BEGIN
    ASSERT (SELECT balance FROM accounts WHERE id = 'a2') = 9223372036854775807;
    ASSERT NOT EXISTS (SELECT 1 FROM transactions WHERE id = 'big2');
END $$;
SQL
refused viperd_migcheck "0006: below -2^63 too" "integer overflow" <<'SQL'
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount) VALUES
    ('low1', 'a1', 'posted', 'debit', '2025-01-04', 'low', 9223372036854775807),
    ('low2', 'a1', 'posted', 'debit', '2025-01-04', 'low', 2);
SQL

check viperd_migcheck "foreign keys cascade: deleting a user removes its accounts, their transactions, contacts, sessions" <<'SQL'
INSERT INTO contacts (id, owner_id, first_name, sort_name, created_at, updated_at, search_name) VALUES ('c1', 'u1', 'Ann', 'ann', 0, 0, 'ann');
INSERT INTO sessions VALUES ('d1', 'u1', 0, 1, NULL);
DELETE FROM users WHERE id = 'u1';
DO $$ BEGIN
    ASSERT (SELECT count(*) FROM accounts) = 0 AND (SELECT count(*) FROM transactions) = 0;
    ASSERT (SELECT count(*) FROM contacts) = 0 AND (SELECT count(*) FROM sessions) = 0;
END $$;
SQL

refused viperd_migcheck "0004: a date that is not YYYY-MM-DD is refused" "transactions_date_check" <<'SQL'
INSERT INTO users VALUES ('u2', 'U', 'u2@example.com', 'h', 0);
INSERT INTO accounts (id, owner_id, name, currency, created_at) VALUES ('a3', 'u2', 'A', 'CAD', 0);
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount) VALUES ('t9', 'a3', 'posted', 'credit', '2025-1-01', 'x', 1);
SQL
refused viperd_migcheck "0003: a cancelled order without cancelled_at is refused" "orders_check" <<'SQL'
INSERT INTO users VALUES ('u2', 'U', 'u2@example.com', 'h', 0);
INSERT INTO orders (id, owner_id, number, status, placed_at, customer_first_name, customer_last_name, customer_email,
    shipment_speed, shipment_cost_minor, item_total_minor, tax_minor, order_total_minor, currency)
    VALUES ('o1', 'u2', 'SO-000001', 'cancelled', 0, 'A', 'B', 'a@b', 'standard', 0, 0, 0, 0, 'CAD');
SQL
check viperd_migcheck "0003: the catalog and the order counter are seeded" <<'SQL'
DO $$ BEGIN
    ASSERT (SELECT count(*) FROM products) = 12;
    ASSERT (SELECT last_value FROM order_number_counter WHERE singleton = 1) = 0;
END $$;
SQL

check viperd_migcheck "sorted text is in byte order (SQLite's BINARY) whatever the database's locale" <<'SQL'
CREATE TEMP TABLE names (name TEXT);
INSERT INTO names VALUES ('b'), ('B'), ('é'), ('a'), ('Z');
DO $$ BEGIN
    ASSERT (SELECT string_agg(sort_name, ',' ORDER BY sort_name) FROM (SELECT name COLLATE "C" AS sort_name FROM names) s) = 'B,Z,a,b,é';
    ASSERT (SELECT collation_name FROM information_schema.columns WHERE table_name = 'contacts' AND column_name = 'sort_name') = 'C';
    ASSERT (SELECT collation_name FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'name') = 'C';
END $$;
SQL

check viperd_migcheck "0007: LIKE '%term%' on the folded columns is served by the trigram indexes" <<'SQL'
INSERT INTO users VALUES ('u3', 'U', 'u3@example.com', 'h', 0);
INSERT INTO contacts (id, owner_id, first_name, last_name, email, sort_name, created_at, updated_at, search_name, search_email)
    SELECT 'c' || n, 'u3', 'First' || n, 'Last' || n, 'p' || n || '@example.com', 'last' || n, 0, 0, 'first' || n || ' last' || n, 'p' || n || '@example.com'
    FROM generate_series(1, 2000) n;
ANALYZE contacts;
SET enable_seqscan = off;
CREATE FUNCTION pg_temp.plan(query TEXT) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE line TEXT; result TEXT := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN ' || query LOOP result := result || line || E'\n'; END LOOP;
    RETURN result;
END $$;
DO $$ BEGIN
    ASSERT pg_temp.plan($q$SELECT id FROM contacts WHERE search_name LIKE '%st123 la%' OR search_email LIKE '%st123 la%'
        OR search_phone LIKE '%st123 la%'$q$) ~ 'contacts_search_name.*contacts_search_email.*contacts_search_phone',
        'the trigram indexes are not in the plan';
    ASSERT (SELECT array_agg(id) FROM contacts WHERE search_name LIKE '%st123 la%') = ARRAY['c123'];
    ASSERT (SELECT count(*) FROM contacts WHERE search_name LIKE '%st12%') = 111;
END $$;
SQL

check viperd_migcheck "0009: login_failures (0008) is gone; a reservation takes a slot per key until the limit, atomically" <<'SQL'
DO $$ BEGIN ASSERT to_regclass('login_failures') IS NULL, 'login_failures still exists'; END $$;
-- PostgresAttemptCounter.reserve(keys: 2) at now $1, counting after $2, limits 2 (email) and 3
-- (address): two reservations take both keys, the third is refused for the email alone.
PREPARE reserve(bigint, bigint, text, text, integer, text, text, integer) AS
    INSERT INTO login_attempts AS t (scope, subject, attempt_limit, attempted_at)
    VALUES ($3, $4, $5::integer, ARRAY[$1::bigint]), ($6, $7, $8::integer, ARRAY[$1::bigint])
    ON CONFLICT (scope, subject) DO UPDATE
    SET attempt_limit = EXCLUDED.attempt_limit,
        attempted_at = ARRAY(SELECT a FROM unnest(t.attempted_at) AS a WHERE a > $2 ORDER BY a) || $1::bigint
    WHERE (SELECT count(*) FROM unnest(t.attempted_at) AS a WHERE a > $2) < EXCLUDED.attempt_limit
    RETURNING t.scope, t.subject;
EXECUTE reserve(1000, 0, 'email', 'u@example.com', 2, 'address', '192.0.2.1', 3);
EXECUTE reserve(2000, 0, 'email', 'u@example.com', 2, 'address', '192.0.2.1', 3);
DO $$ BEGIN
    ASSERT (SELECT attempted_at FROM login_attempts WHERE scope = 'email') = ARRAY[1000, 2000]::bigint[];
    ASSERT (SELECT attempted_at FROM login_attempts WHERE scope = 'address') = ARRAY[1000, 2000]::bigint[];
END $$;
-- The third: only the address row is updated (the caller then rolls back).
CREATE TEMP TABLE third AS SELECT 1 AS n LIMIT 0;
WITH r AS (
    INSERT INTO login_attempts AS t (scope, subject, attempt_limit, attempted_at)
    VALUES ('email', 'u@example.com', 2, ARRAY[3000::bigint]), ('address', '192.0.2.1', 3, ARRAY[3000::bigint])
    ON CONFLICT (scope, subject) DO UPDATE
    SET attempt_limit = EXCLUDED.attempt_limit,
        attempted_at = ARRAY(SELECT a FROM unnest(t.attempted_at) AS a WHERE a > 0 ORDER BY a) || 3000::bigint
    WHERE (SELECT count(*) FROM unnest(t.attempted_at) AS a WHERE a > 0) < EXCLUDED.attempt_limit
    RETURNING t.scope)
INSERT INTO third SELECT count(*) FROM r;
DO $$ BEGIN ASSERT (SELECT n FROM third) = 1, 'a full key was taken'; END $$;
-- Past the window (after 1500) the email has one attempt left in it: a slot again.
EXECUTE reserve(4000, 1500, 'email', 'u@example.com', 2, 'address', '192.0.2.9', 3);
DO $$ BEGIN ASSERT (SELECT attempted_at FROM login_attempts WHERE scope = 'email') = ARRAY[2000, 4000]::bigint[]; END $$;
-- release: one occurrence of a time goes; purge: keys whose newest attempt left the window.
UPDATE login_attempts
SET attempted_at = attempted_at[:array_position(attempted_at, 2000::bigint) - 1] || attempted_at[array_position(attempted_at, 2000::bigint) + 1:]
WHERE scope = 'email' AND subject = 'u@example.com' AND 2000::bigint = ANY (attempted_at);
DO $$ BEGIN ASSERT (SELECT attempted_at FROM login_attempts WHERE scope = 'email') = ARRAY[4000]::bigint[]; END $$;
DELETE FROM login_attempts WHERE cardinality(attempted_at) = 0 OR attempted_at[cardinality(attempted_at)] <= 3000;
DO $$ BEGIN ASSERT (SELECT string_agg(scope || ':' || subject, ',' ORDER BY scope) FROM login_attempts) = 'address:192.0.2.9,email:u@example.com'; END $$;
SQL
refused viperd_migcheck "0009: a key without a positive limit is refused" "login_attempts_attempt_limit_check" <<'SQL'
INSERT INTO login_attempts (scope, subject, attempt_limit, attempted_at) VALUES ('email', 'x', 0, '{}');
SQL

# --- one step at a time, with data in between ---------------------------------------------
fresh viperd_migcheck_steps
apply viperd_migcheck_steps "${files[0]}"
check viperd_migcheck_steps "0001: a contact of the first release (owner nobody)" <<'SQL'
INSERT INTO contacts (id, owner_id, first_name, sort_name, created_at, updated_at) VALUES ('c0', 'dev', 'Old', 'old', 0, 0);
SQL
apply viperd_migcheck_steps "${files[1]}"
check viperd_migcheck_steps "0002: contacts of nobody's account go, and every contact now needs a user" <<'SQL'
DO $$ BEGIN ASSERT (SELECT count(*) FROM contacts) = 0; END $$;
INSERT INTO users VALUES ('u1', 'U', 'u@example.com', 'h', 42);
SQL
refused viperd_migcheck_steps "0002: a contact of an unknown user is refused" "contacts_owner_id_fkey" <<'SQL'
INSERT INTO contacts (id, owner_id, first_name, sort_name, created_at, updated_at) VALUES ('c1', 'ghost', 'A', 'a', 0, 0);
SQL
apply viperd_migcheck_steps "${files[2]}" "${files[3]}"
check viperd_migcheck_steps "0004: a user registered before accounts gets a Main Account with an a_ + 20 hex id" <<'SQL'
DO $$ BEGIN
    ASSERT (SELECT count(*) FROM accounts WHERE owner_id = 'u1' AND name = 'Main Account' AND currency = 'CAD'
        AND credit_limit = 0 AND created_at = 42 AND id ~ '^a_[0-9a-f]{20}$') = 1;
END $$;
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount)
    SELECT 't' || n, (SELECT id FROM accounts), 'posted', CASE WHEN n % 3 = 0 THEN 'debit' ELSE 'credit' END, '2025-01-01', 'x', n
    FROM generate_series(1, 10) n;
SQL
apply viperd_migcheck_steps "${files[4]}" "${files[5]}"
check viperd_migcheck_steps "0006: the balance of existing transactions is computed once (credits - debits)" <<'SQL'
DO $$ BEGIN ASSERT (SELECT balance FROM accounts) = (1 + 2 + 4 + 5 + 7 + 8 + 10) - (3 + 6 + 9); END $$;
INSERT INTO contacts (id, owner_id, first_name, sort_name, created_at, updated_at) VALUES ('c2', 'u1', 'Kept', 'kept', 0, 0);
SQL
refused viperd_migcheck_steps "0007: a database with contacts is refused with a message" "contacts has rows" <"${files[6]}"
check viperd_migcheck_steps "0007: the refusal changed nothing" <<'SQL'
DO $$ BEGIN
    ASSERT NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'contacts' AND column_name = 'search_name');
    ASSERT (SELECT count(*) FROM contacts) = 1;
END $$;
DELETE FROM contacts;
SQL
apply viperd_migcheck_steps "${files[@]:6}"
echo "ok: the remaining migrations apply once contacts is empty"

trap_cleanup >/dev/null
echo "postgres-migrations-check: every check passed"
