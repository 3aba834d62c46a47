-- Money that waits for its owner: the PostgreSQL dialect of the SQLite migration of the same
-- name, which says what each column and trigger is for. A transfer to a contact whose address has
-- no verified owner with an account in the currency is stored *pending*: it reserves the amount
-- on the source (accounts.pending_debits) and writes no leg until it is claimed; cancelled
-- (cancelled_by), declined and expired transfers release it. Every resolution is an UPDATE …
-- WHERE status = 'pending': a second one matches no row.
ALTER TABLE transfers ALTER COLUMN to_account_id DROP NOT NULL;
ALTER TABLE transfers ALTER COLUMN debit_transaction_id DROP NOT NULL;
ALTER TABLE transfers ALTER COLUMN credit_transaction_id DROP NOT NULL;
ALTER TABLE transfers ADD COLUMN status TEXT NOT NULL DEFAULT 'completed' CHECK (status IN ('pending', 'completed', 'cancelled', 'expired'));
ALTER TABLE transfers ADD COLUMN recipient_email TEXT;
ALTER TABLE transfers ADD COLUMN expires_at BIGINT;
ALTER TABLE transfers ADD COLUMN resolved_at BIGINT;
ALTER TABLE transfers ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IN ('sender', 'recipient'));
UPDATE transfers SET resolved_at = created_at;
ALTER TABLE transfers ADD CONSTRAINT transfers_completed_legs
    CHECK ((status = 'completed') = (to_account_id IS NOT NULL AND debit_transaction_id IS NOT NULL AND credit_transaction_id IS NOT NULL));
ALTER TABLE transfers ADD CONSTRAINT transfers_cancelled_by CHECK ((status = 'cancelled') = (cancelled_by IS NOT NULL));
ALTER TABLE transfers ADD CONSTRAINT transfers_pending_fields
    CHECK (status <> 'pending' OR (recipient_email IS NOT NULL AND expires_at IS NOT NULL AND resolved_at IS NULL));

CREATE INDEX transfers_pending_recipient ON transfers (recipient_email, created_at, id) WHERE status = 'pending';
CREATE INDEX transfers_pending_owner ON transfers (owner_id) WHERE status = 'pending';
CREATE INDEX transfers_pending_expiry ON transfers (expires_at) WHERE status = 'pending';
CREATE INDEX transfers_pending_source ON transfers (from_account_id, created_at) WHERE status = 'pending';

ALTER TABLE accounts ADD COLUMN pending_debits BIGINT NOT NULL DEFAULT 0 CHECK (pending_debits >= 0);

-- Adds `delta` to what the account's pending transfers hold.
CREATE FUNCTION transfers_pending_add(target TEXT, delta BIGINT) RETURNS void LANGUAGE sql AS $$
    UPDATE accounts SET pending_debits = pending_debits + delta WHERE id = target;
$$;

CREATE FUNCTION transfers_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM transfers_pending_add(NEW.from_account_id, NEW.amount_minor);
    RETURN NULL;
END;
$$;

CREATE FUNCTION transfers_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM transfers_pending_add(OLD.from_account_id, -OLD.amount_minor);
    RETURN NULL;
END;
$$;

CREATE TRIGGER transfers_hold AFTER INSERT ON transfers
    FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION transfers_hold();
CREATE TRIGGER transfers_release AFTER UPDATE OF status ON transfers
    FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION transfers_release();
CREATE TRIGGER transfers_release_deleted AFTER DELETE ON transfers
    FOR EACH ROW WHEN (OLD.status = 'pending') EXECUTE FUNCTION transfers_release();

ALTER TABLE mail_messages ADD COLUMN details TEXT;
