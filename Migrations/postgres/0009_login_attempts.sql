-- Attempts counted by the login and registration limits (AttemptCounter), shared by every
-- instance. Replaces login_failures (0008), whose check-then-insert let a parallel burst pass one
-- check before any attempt was counted: here one statement takes a slot or refuses, atomically.
--
-- One row per key: the scope ('email', 'address', 'registration') and the subject (a normalized
-- email, a client address), with the Unix milliseconds of its attempts in the window, oldest
-- first, never more than attempt_limit of them. PostgresAttemptCounter's statements:
--   reserve: INSERT … ON CONFLICT (scope, subject) DO UPDATE SET attempted_at = (the attempts
--     still in the window) || now, WHERE fewer than the limit are still in the window, RETURNING
--     scope, for every key of the attempt in one statement and one transaction; a key not
--     returned is full, and the transaction is rolled back so no key is taken.
--   release: removes one occurrence of the attempt's time; clear: deletes the key's row.
--   purge (now and then): deletes the rows whose newest attempt left the window.
-- A throttle's state is only ever minutes old, so the failures counted in 0008 are not carried
-- over.
DROP TABLE login_failures;

CREATE TABLE login_attempts (
    scope         TEXT NOT NULL,
    subject       TEXT NOT NULL,
    attempt_limit INTEGER NOT NULL CHECK (attempt_limit > 0),
    attempted_at  BIGINT[] NOT NULL,   -- Unix milliseconds, UTC, ascending
    PRIMARY KEY (scope, subject)
);

-- Purging keys whose newest attempt left the window.
CREATE INDEX login_attempts_newest ON login_attempts ((attempted_at[cardinality(attempted_at)]));
