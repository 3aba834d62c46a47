-- Accounts and their card transactions. Money is integer minor units of the account's currency.
-- Text that pages are sorted or resumed by is COLLATE "C", SQLite's byte order (see 0001).
CREATE TABLE accounts (
    id           TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    owner_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    currency     TEXT NOT NULL CHECK (length(currency) = 3),   -- ISO 4217
    credit_limit BIGINT NOT NULL DEFAULT 0 CHECK (credit_limit >= 0),
    created_at   BIGINT NOT NULL                                -- Unix milliseconds, UTC
);

-- The owner's accounts oldest first, resumed after (created_at, id).
CREATE INDEX accounts_owner ON accounts (owner_id, created_at, id);

CREATE TABLE transactions (
    -- Insertion order: ties within a date keep the feed's order. Assigned by the database, as
    -- SQLite's rowid; no writer sets it.
    seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    txn_group   TEXT NOT NULL CHECK (txn_group IN ('authorized', 'posted')),
    direction   TEXT NOT NULL CHECK (direction IN ('debit', 'credit')),
    date        TEXT COLLATE "C" NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),   -- SQLite's GLOB
    description TEXT NOT NULL,
    amount      BIGINT NOT NULL CHECK (amount >= 0)   -- unsigned; direction carries the sign
);

-- Newest-first pages and date ranges of one account, with or without the group filter; the
-- report reads one group in (date, seq) order.
CREATE INDEX transactions_account_date ON transactions (account_id, date, seq);
CREATE INDEX transactions_account_group_date ON transactions (account_id, txn_group, date, seq);

-- Every user registered before accounts existed gets the first account registration now creates:
-- "a_" and 20 random lowercase hex digits, as SQLite's lower(hex(randomblob(10))).
INSERT INTO accounts (id, owner_id, name, currency, credit_limit, created_at)
    SELECT 'a_' || left(encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), 20), id, 'Main Account', 'CAD', 0,
           created_at
    FROM users;
