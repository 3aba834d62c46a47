-- Money that waits for its owner: a transfer to a contact whose address has no verified owner
-- with an account in the currency is stored *pending*. It reserves the amount on the source
-- (accounts.pending_debits: `available = balance + credit_limit − pending_debits`; the balance
-- does not move) and writes no leg. It is resolved exactly once: completed (claimed by the
-- verified owner of recipient_email: both legs written and the reservation released in one
-- transaction), cancelled (by the sender, or declined by the recipient: cancelled_by) or
-- expired (by the upkeep, once expires_at has passed). Every resolution is an UPDATE … WHERE
-- status = 'pending': a second one matches no row.
--
-- SQLite cannot drop NOT NULL from a column, so the table is rebuilt: the destination and the
-- legs are unknown while a transfer waits. Nothing refers to `transfers`, so dropping the old
-- table touches no other row.
CREATE TABLE transfers_0017 (
    id                    TEXT PRIMARY KEY NOT NULL,
    owner_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    from_account_id       TEXT NOT NULL,
    to_account_id         TEXT,            -- resolved: known once completed
    recipient_type        TEXT NOT NULL CHECK (recipient_type IN ('account', 'contact')),
    recipient_id          TEXT NOT NULL,   -- the account or contact id as the sender named it
    recipient_name        TEXT NOT NULL,   -- as it was at transfer time
    amount_minor          INTEGER NOT NULL CHECK (amount_minor > 0),
    currency              TEXT NOT NULL CHECK (length(currency) = 3),
    memo                  TEXT,
    debit_transaction_id  TEXT,
    credit_transaction_id TEXT,
    created_at            INTEGER NOT NULL,
    status                TEXT NOT NULL DEFAULT 'completed' CHECK (status IN ('pending', 'completed', 'cancelled', 'expired')),
    recipient_email       TEXT,            -- a contact transfer's address at send time: whose verified owner may claim it
    expires_at            INTEGER,         -- a pending transfer's end
    resolved_at           INTEGER,         -- when it left pending
    cancelled_by          TEXT CHECK (cancelled_by IN ('sender', 'recipient')),
    CHECK (from_account_id <> to_account_id),
    CHECK ((status = 'completed') = (to_account_id IS NOT NULL AND debit_transaction_id IS NOT NULL AND credit_transaction_id IS NOT NULL)),
    CHECK ((status = 'cancelled') = (cancelled_by IS NOT NULL)),
    CHECK (status <> 'pending' OR (recipient_email IS NOT NULL AND expires_at IS NOT NULL AND resolved_at IS NULL))
) STRICT;

INSERT INTO transfers_0017 (
    id, owner_id, from_account_id, to_account_id, recipient_type, recipient_id, recipient_name, amount_minor, currency, memo,
    debit_transaction_id, credit_transaction_id, created_at, status, resolved_at)
SELECT id, owner_id, from_account_id, to_account_id, recipient_type, recipient_id, recipient_name, amount_minor, currency, memo,
    debit_transaction_id, credit_transaction_id, created_at, 'completed', created_at
FROM transfers;

DROP TABLE transfers;
ALTER TABLE transfers_0017 RENAME TO transfers;

-- The sender's history newest first, resumed after (created_at, id).
CREATE INDEX transfers_owner_created ON transfers (owner_id, created_at, id);
-- The money waiting for one address, newest first; the sender's open holds (the quota); the
-- upkeep's expiry, oldest end first; the holds of one account (its report, the ledger check).
CREATE INDEX transfers_pending_recipient ON transfers (recipient_email, created_at, id) WHERE status = 'pending';
CREATE INDEX transfers_pending_owner ON transfers (owner_id) WHERE status = 'pending';
CREATE INDEX transfers_pending_expiry ON transfers (expires_at) WHERE status = 'pending';
CREATE INDEX transfers_pending_source ON transfers (from_account_id, created_at) WHERE status = 'pending';

-- What pending transfers hold on each account. Kept by triggers on `transfers`, as the balance
-- is by triggers on `transactions`: a hold, its release by any resolution, and a transfer removed
-- with its sender move the reservation in the same statement, so no writer can forget it.
ALTER TABLE accounts ADD COLUMN pending_debits INTEGER NOT NULL DEFAULT 0 CHECK (pending_debits >= 0);

CREATE TRIGGER transfers_hold AFTER INSERT ON transfers WHEN NEW.status = 'pending' BEGIN
    UPDATE accounts SET pending_debits = pending_debits + NEW.amount_minor WHERE id = NEW.from_account_id;
END;

CREATE TRIGGER transfers_release AFTER UPDATE OF status ON transfers WHEN OLD.status = 'pending' AND NEW.status <> 'pending' BEGIN
    UPDATE accounts SET pending_debits = pending_debits - OLD.amount_minor WHERE id = OLD.from_account_id;
END;

CREATE TRIGGER transfers_release_deleted AFTER DELETE ON transfers WHEN OLD.status = 'pending' BEGIN
    UPDATE accounts SET pending_debits = pending_debits - OLD.amount_minor WHERE id = OLD.from_account_id;
END;

-- What a message says besides its code (a waiting transfer's sender, amount and end), as a JSON
-- object; never a secret.
ALTER TABLE mail_messages ADD COLUMN details TEXT;
