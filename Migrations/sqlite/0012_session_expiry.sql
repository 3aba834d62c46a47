-- Purging expired sessions (the periodic purge, ExpiredRecordPurge) finds them by expiry
-- instead of reading the whole table.
CREATE INDEX sessions_expires ON sessions (expires_at);
