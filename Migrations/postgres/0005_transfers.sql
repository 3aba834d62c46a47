-- Transfers between accounts, the drafts of the multi-step "send money" flow, and the link that
-- makes a voided order payment explainable. Money is integer minor units; timestamps are Unix
-- milliseconds. Text that pages are sorted or resumed by is COLLATE "C" (see 0001).

-- One completed transfer: both legs are ordinary posted rows of `transactions`, written in the
-- same database transaction as this row. No foreign keys to accounts or transactions: the
-- recipient's account belongs to another user, whose removal must not be blocked by (or erase)
-- the sender's history.
CREATE TABLE transfers (
    id                    TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    owner_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_account_id       TEXT NOT NULL,
    to_account_id         TEXT NOT NULL,   -- resolved: a contact's user's account
    recipient_type        TEXT NOT NULL CHECK (recipient_type IN ('account', 'contact')),
    recipient_id          TEXT NOT NULL,   -- the account or contact id as the sender named it
    recipient_name        TEXT NOT NULL,   -- as it was at transfer time
    amount_minor          BIGINT NOT NULL CHECK (amount_minor > 0),
    currency              TEXT NOT NULL CHECK (length(currency) = 3),
    memo                  TEXT,
    debit_transaction_id  TEXT NOT NULL,
    credit_transaction_id TEXT NOT NULL,
    created_at            BIGINT NOT NULL,
    CHECK (from_account_id <> to_account_id)
);

-- The sender's history newest first, resumed after (created_at, id).
CREATE INDEX transfers_owner_created ON transfers (owner_id, created_at, id);

-- A transfer being put together one step at a time; every step but the source is optional
-- until submit.
CREATE TABLE transfer_drafts (
    id              TEXT PRIMARY KEY NOT NULL,
    owner_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_account_id TEXT NOT NULL,
    currency        TEXT NOT NULL CHECK (length(currency) = 3),   -- the source's, for the amount
    amount_minor    BIGINT CHECK (amount_minor > 0),
    recipient_type  TEXT CHECK (recipient_type IN ('account', 'contact')),
    recipient_id    TEXT,
    memo            TEXT,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    version         BIGINT NOT NULL DEFAULT 1,
    CHECK ((recipient_type IS NULL) = (recipient_id IS NULL))
);

-- Purging expired drafts.
CREATE INDEX transfer_drafts_expires ON transfer_drafts (expires_at);

-- A void never deletes: it adds an entry of the opposite direction in the same group that names
-- the entry it cancels, so credits − debits stays the balance and history stays explainable.
ALTER TABLE transactions ADD COLUMN reverses_id TEXT REFERENCES transactions (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX transactions_reverses ON transactions (reverses_id) WHERE reverses_id IS NOT NULL;
