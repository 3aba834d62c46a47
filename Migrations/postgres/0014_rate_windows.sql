-- The per-user rates of changes and of money movements (WriteThrottle: `--max-writes-per-minute`,
-- `--max-transfers-per-minute`), counted in fixed windows and shared by every instance.
--
-- One row per key: the budget ('writes', 'transfers') and the user id, with the end of the
-- window being counted (Unix seconds) and how many requests it counted so far.
-- PostgresRateWindowCounter's statements:
--   take: INSERT … ON CONFLICT (scope, subject) DO UPDATE, which restarts the count when the
--     window changed, WHERE the window changed or its count is still under the limit, RETURNING
--     the count: the conflicting row is locked and re-read before the WHERE decides, so a burst
--     from several instances is counted one by one and gets at most the limit; no row returned
--     means the window is full and nothing was counted.
--   purge (now and then): deletes the rows of windows that have ended.
CREATE TABLE rate_windows (
    scope         TEXT NOT NULL,
    subject       TEXT NOT NULL,
    window_end    BIGINT NOT NULL,
    request_count INTEGER NOT NULL CHECK (request_count > 0),
    PRIMARY KEY (scope, subject)
);

CREATE INDEX rate_windows_end ON rate_windows (window_end);
