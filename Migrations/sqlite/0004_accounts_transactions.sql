-- Accounts and their card transactions. Money is integer minor units of the account's currency.
CREATE TABLE accounts (
    id           TEXT PRIMARY KEY NOT NULL,
    owner_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    currency     TEXT NOT NULL CHECK (length(currency) = 3),   -- ISO 4217
    credit_limit INTEGER NOT NULL DEFAULT 0 CHECK (credit_limit >= 0),
    created_at   INTEGER NOT NULL                               -- Unix milliseconds, UTC
) STRICT;

-- The owner's accounts oldest first, resumed after (created_at, id).
CREATE INDEX accounts_owner ON accounts (owner_id, created_at, id);

CREATE TABLE transactions (
    seq         INTEGER PRIMARY KEY,    -- insertion order: ties within a date keep the feed's order
    id          TEXT NOT NULL UNIQUE,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    txn_group   TEXT NOT NULL CHECK (txn_group IN ('authorized', 'posted')),
    direction   TEXT NOT NULL CHECK (direction IN ('debit', 'credit')),
    date        TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    description TEXT NOT NULL,
    amount      INTEGER NOT NULL CHECK (amount >= 0)   -- unsigned; direction carries the sign
) STRICT;

-- Newest-first pages and date ranges of one account, with or without the group filter; the
-- report reads one group in (date, seq) order.
CREATE INDEX transactions_account_date ON transactions (account_id, date, seq);
CREATE INDEX transactions_account_group_date ON transactions (account_id, txn_group, date, seq);

-- Every user registered before accounts existed gets the first account registration now creates.
INSERT INTO accounts (id, owner_id, name, currency, credit_limit, created_at)
    SELECT 'a_' || lower(hex(randomblob(10))), id, 'Main Account', 'CAD', 0, created_at FROM users;
