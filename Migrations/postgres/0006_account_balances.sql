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
-- psql session) change the balance in the same statement as the row, so it commits or rolls back
-- with it and no writer can forget it. The PostgreSQL dialect of the SQLite triggers: a sum past
-- 64 bits fails with "integer overflow" (SQLSTATE 22003, numeric_value_out_of_range), the message
-- SQLite's triggers raise, and the whole statement stores nothing.
ALTER TABLE accounts ADD COLUMN balance BIGINT NOT NULL DEFAULT 0;

-- Fails the migration for an account already past 64 bits (whose balance could not be read
-- before either), rather than storing a wrong number.
UPDATE accounts SET balance = (
    SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) FROM transactions WHERE account_id = accounts.id);

-- Stops the statement as SQLite's RAISE(ABORT, 'integer overflow') does; a function so that a
-- CASE can call it.
CREATE FUNCTION transactions_balance_overflow() RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'integer overflow' USING ERRCODE = 'numeric_value_out_of_range';
END;
$$;

-- Adds `delta` to one account's balance; "integer overflow" rather than a wrong number. No row
-- (the account is being deleted with its transactions) changes nothing, as in SQLite. Checked
-- before adding (not by catching bigint's own error) so that no trigger opens a subtransaction.
CREATE FUNCTION transactions_balance_add(target TEXT, delta BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    UPDATE accounts SET balance = CASE
        WHEN balance::numeric + delta BETWEEN -9223372036854775808 AND 9223372036854775807 THEN balance + delta
        ELSE transactions_balance_overflow() END
    WHERE id = target;
END;
$$;

-- The signed amount of a row: credits add, debits subtract.
CREATE FUNCTION transactions_balance_delta(direction TEXT, amount BIGINT) RETURNS BIGINT LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE direction WHEN 'credit' THEN amount ELSE -amount END
$$;

-- Once per statement, one UPDATE per account it touched: an import of n rows into one account
-- would otherwise update that account's row n times in one transaction, each update walking the
-- row versions the earlier ones left (O(n²): 20,000 rows took 6.8 s). The sum is checked, not
-- each row's step, so a statement whose rows overflow on the way but not in total stores the
-- right total.
CREATE FUNCTION transactions_balance_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE accounts SET balance = CASE
        WHEN balance::numeric + inserted.delta BETWEEN -9223372036854775808 AND 9223372036854775807
            THEN (balance::numeric + inserted.delta)::bigint
        ELSE transactions_balance_overflow() END
    FROM (
        SELECT account_id, sum(transactions_balance_delta(direction, amount)::numeric) AS delta
        FROM new_rows GROUP BY account_id
    ) AS inserted
    WHERE accounts.id = inserted.account_id;
    RETURN NULL;
END;
$$;

-- No writer changes a stored transaction today; kept exact anyway should one ever correct a row.
-- The old row's amount goes out of its account, then the new row's comes in (the same account or
-- another), as SQLite's two UPDATEs.
CREATE FUNCTION transactions_balance_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM transactions_balance_add(OLD.account_id, -transactions_balance_delta(OLD.direction, OLD.amount));
    PERFORM transactions_balance_add(NEW.account_id, transactions_balance_delta(NEW.direction, NEW.amount));
    RETURN NULL;
END;
$$;

-- Rows only go with their account (ON DELETE CASCADE), whose row is gone by then; kept exact
-- anyway for a delete of single rows.
CREATE FUNCTION transactions_balance_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM transactions_balance_add(OLD.account_id, -transactions_balance_delta(OLD.direction, OLD.amount));
    RETURN NULL;
END;
$$;

CREATE TRIGGER transactions_balance_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_balance_insert();
CREATE TRIGGER transactions_balance_update AFTER UPDATE OF account_id, direction, amount ON transactions
    FOR EACH ROW EXECUTE FUNCTION transactions_balance_update();
CREATE TRIGGER transactions_balance_delete AFTER DELETE ON transactions
    FOR EACH ROW EXECUTE FUNCTION transactions_balance_delete();
