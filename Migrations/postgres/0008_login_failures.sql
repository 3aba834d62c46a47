-- Failed logins, shared by every instance so the login throttle's limits hold across them (with
-- one SQLite database and one process, the throttle is in memory: InMemoryLoginThrottle). One row
-- per failure and per key it counts against: a failure adds an 'email' row and an 'address' row.
--
-- The LoginThrottle operations, with the throttle's window W and limits in milliseconds/rows:
--   retryAfter(email, address, now): for each key, the rows with failed_at > now − W; when there
--     are at least its limit, wait W − (now − min(failed_at)); the longer wait of the two, if any:
--       SELECT count(*), min(failed_at) FROM login_failures
--       WHERE scope = $1 AND subject = $2 AND failed_at > $3
--   recordFailure(email, address, now): INSERT the two rows (one statement), and now and then
--     DELETE FROM login_failures WHERE failed_at <= now − W, so the table cannot grow without bound.
--   recordSuccess(email): DELETE FROM login_failures WHERE scope = 'email' AND subject = $1 (the
--     address keeps its failures, as in memory).
CREATE TABLE login_failures (
    seq       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scope     TEXT NOT NULL CHECK (scope IN ('email', 'address')),
    subject   TEXT NOT NULL,     -- the normalized email, or the client address
    failed_at BIGINT NOT NULL    -- Unix milliseconds, UTC
);

-- A key's recent failures, oldest first.
CREATE INDEX login_failures_subject ON login_failures (scope, subject, failed_at);
-- Purging failures older than the window.
CREATE INDEX login_failures_failed_at ON login_failures (failed_at);
