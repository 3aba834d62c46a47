-- Each account's balance stored on its row (credits − debits over its authorized and posted
-- transactions, in minor units; available stays `balance + credit_limit`, computed on read), so
-- the funds check of a transfer or an order payment reads one row inside its write transaction
-- instead of re-summing the account's whole history: n transfers cost O(n), not O(n²).
--
-- One column, not posted and authorized apart: the domain has one balance over both groups, and a
-- void is a new row of the opposite direction, never a change of group or a delete.
--
-- Kept by triggers on `transactions` rather than by each writer: the import, transfers, order
-- payments and their voids, the demo and bench seeders, and any later writer (or an operator's
-- sqlite3 session) change the balance in the same statement as the row, so it commits or rolls
-- back with it and no writer can forget it. SQLite turns an integer sum past 64 bits into a REAL,
-- which the STRICT column would round or refuse with an unclear message; the triggers refuse it
-- as "integer overflow" instead, as SUM did, and the whole statement stores nothing.
ALTER TABLE accounts ADD COLUMN balance INTEGER NOT NULL DEFAULT 0;

-- Fails the migration with "integer overflow" for an account already past 64 bits (whose balance
-- could not be read before either), rather than storing a wrong number.
UPDATE accounts SET balance = (
    SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) FROM transactions WHERE account_id = accounts.id);

CREATE TRIGGER transactions_balance_insert AFTER INSERT ON transactions BEGIN
    UPDATE accounts SET balance = CASE
        WHEN typeof(balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END) = 'integer'
        THEN balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END
        ELSE RAISE(ABORT, 'integer overflow') END
    WHERE id = NEW.account_id;
END;

-- No writer changes a stored transaction today; kept exact anyway should one ever correct a row.
CREATE TRIGGER transactions_balance_update AFTER UPDATE OF account_id, direction, amount ON transactions BEGIN
    UPDATE accounts SET balance = CASE
        WHEN typeof(balance - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END) = 'integer'
        THEN balance - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END
        ELSE RAISE(ABORT, 'integer overflow') END
    WHERE id = OLD.account_id;
    UPDATE accounts SET balance = CASE
        WHEN typeof(balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END) = 'integer'
        THEN balance + CASE NEW.direction WHEN 'credit' THEN NEW.amount ELSE -NEW.amount END
        ELSE RAISE(ABORT, 'integer overflow') END
    WHERE id = NEW.account_id;
END;

-- Rows only go with their account (ON DELETE CASCADE), whose row is gone by then; kept exact
-- anyway for a delete of single rows.
CREATE TRIGGER transactions_balance_delete AFTER DELETE ON transactions BEGIN
    UPDATE accounts SET balance = CASE
        WHEN typeof(balance - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END) = 'integer'
        THEN balance - CASE OLD.direction WHEN 'credit' THEN OLD.amount ELSE -OLD.amount END
        ELSE RAISE(ABORT, 'integer overflow') END
    WHERE id = OLD.account_id;
END;
