-- Sessions that rotate (issue 35): a login's row now also carries its refresh token and its
-- idle and absolute deadlines. The row stays keyed by the digest of its current access token;
-- a refresh moves it to the new token's digest.
--
-- Every new column may be NULL, and a row that leaves them NULL is a bearer token as 0002
-- wrote it (registration, `viperd token issue`, a login before this migration, or an instance
-- of the previous release still running during a rolling upgrade): it keeps working until its
-- `expires_at`, with no refresh and no idle timeout. Nobody is signed out by the upgrade.
--
-- For a login's row, `expires_at` is the end of the whole session, min(last use + idle timeout,
-- `ends_at`), so the purge of expired sessions (`sessions_expires`) needs no second index,
-- and `access_expires_at` is the end of the current access token.
--   refresh_family           SHA-256 of the first half of every refresh token of this login:
--                            a used token is recognized as this family's, and revokes it
--   refresh_digest           SHA-256 of the second half of the current refresh token
--   previous_refresh_digest  the one it replaced, accepted again within the grace window
--   rotated_at               when it was replaced
ALTER TABLE sessions ADD COLUMN access_expires_at BIGINT;
ALTER TABLE sessions ADD COLUMN ends_at BIGINT;
ALTER TABLE sessions ADD COLUMN last_used_at BIGINT;
ALTER TABLE sessions ADD COLUMN client_address TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN refresh_family TEXT;
ALTER TABLE sessions ADD COLUMN refresh_digest TEXT;
ALTER TABLE sessions ADD COLUMN previous_refresh_digest TEXT;
ALTER TABLE sessions ADD COLUMN rotated_at BIGINT;

CREATE UNIQUE INDEX sessions_refresh_family ON sessions (refresh_family) WHERE refresh_family IS NOT NULL;
