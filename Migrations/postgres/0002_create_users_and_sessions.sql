-- Users and their sessions; contacts now belong to real users.
CREATE TABLE users (
    id            TEXT PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,   -- normalized: trimmed, lowercased
    password_hash TEXT NOT NULL,          -- scrypt$N$r$p$salt$hash
    created_at    BIGINT NOT NULL         -- Unix milliseconds, UTC
);

CREATE TABLE sessions (
    token_digest TEXT PRIMARY KEY NOT NULL,   -- lowercase hex SHA-256 of the bearer token
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    revoked_at   BIGINT
);

CREATE INDEX sessions_user ON sessions (user_id);

-- Every contact must belong to a user, as in SQLite, where this migration rebuilt the table to
-- add the foreign key: PostgreSQL adds it in place. Contacts of nobody's account go first.
DELETE FROM contacts WHERE owner_id NOT IN (SELECT id FROM users);
ALTER TABLE contacts ADD FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE;
