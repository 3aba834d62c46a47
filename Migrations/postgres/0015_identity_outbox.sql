-- Who is who: verified emails, one-time codes, and one outbox of domain events with the mail
-- they cause, each written in the transaction of the change that causes it.
--
-- An email is held (users.email, unique) only once its owner proved the mailbox, or by an
-- account created before this migration (kept as it was, unverified until its owner verifies).
-- A registration made since holds nothing: it *claims* the address (claimed_email, not unique,
-- several accounts may claim one address) and users.email holds 'unverified:' || id, which no
-- normalized email can equal (it has no '@'). Verifying moves the claim into users.email; the
-- unique index then decides between two verifiers of one address, and an unverified holder of
-- that address (an account from before) loses it to the verifier: it becomes a claimer.
ALTER TABLE users ADD COLUMN claimed_email TEXT;
ALTER TABLE users ADD COLUMN email_verified_at BIGINT;       -- Unix milliseconds, UTC
ALTER TABLE users ADD COLUMN last_event_position BIGINT NOT NULL DEFAULT 0;

-- Sign-in by a claimed address; the purge of claimers that never verified, oldest first.
CREATE INDEX users_claimed_email ON users (claimed_email) WHERE claimed_email IS NOT NULL;
CREATE INDEX users_unverified_created ON users (created_at) WHERE claimed_email IS NOT NULL;

-- The outbox: what a person should hear about, in their own order (position 1, 2, … per user,
-- from users.last_event_position, bumped in the same transaction), kept for the retention
-- period. A reader resumes after the last (user, position) it handled.
CREATE TABLE events (
    seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    type       TEXT NOT NULL,
    payload    TEXT NOT NULL,     -- a JSON object
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, position)
);

CREATE INDEX events_created ON events (created_at);

-- Codes mailed to prove a mailbox (verify_email) or to set a forgotten password
-- (reset_password): one live code per user and purpose, stored as a digest, short-lived, with a
-- handful of tries taken before each comparison.
CREATE TABLE one_time_codes (
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose       TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
    code_digest   TEXT NOT NULL,
    expires_at    BIGINT NOT NULL,
    attempts_left INTEGER NOT NULL CHECK (attempts_left >= 0),
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, purpose)
);

CREATE INDEX one_time_codes_expires ON one_time_codes (expires_at);

-- Mail to send, one row per message, written with its event. The delivery worker leases due
-- rows (lease_owner, lease_until) so no two workers send one message; the code a message carries
-- (secret) is erased once it is delivered or given up.
CREATE TABLE mail_messages (
    id              TEXT PRIMARY KEY NOT NULL,
    event_seq       BIGINT,
    user_id         TEXT REFERENCES users (id) ON DELETE SET NULL,
    recipient       TEXT NOT NULL,
    recipient_name  TEXT NOT NULL,
    language        TEXT NOT NULL,
    kind            TEXT NOT NULL,
    secret          TEXT,
    state           TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'logged', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner     TEXT,
    lease_until     BIGINT,
    last_error      TEXT,
    created_at      BIGINT NOT NULL,
    finished_at     BIGINT
);

CREATE INDEX mail_messages_due ON mail_messages (next_attempt_at) WHERE state = 'queued';
CREATE INDEX mail_messages_created ON mail_messages (created_at);
