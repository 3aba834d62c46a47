-- Users and their sessions; contacts now belong to real users.
CREATE TABLE users (
    id            TEXT PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    email         TEXT NOT NULL UNIQUE,   -- normalized: trimmed, lowercased
    password_hash TEXT NOT NULL,          -- scrypt$N$r$p$salt$hash
    created_at    INTEGER NOT NULL        -- Unix milliseconds, UTC
) STRICT;

CREATE TABLE sessions (
    token_digest TEXT PRIMARY KEY NOT NULL,   -- lowercase hex SHA-256 of the bearer token
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER
) STRICT;

CREATE INDEX sessions_user ON sessions (user_id);

-- The fixed development owner of the first release was nobody's account: its contacts go, and
-- the table is rebuilt so every contact must belong to a user.
CREATE TABLE contacts_owned (
    id          TEXT PRIMARY KEY NOT NULL,
    owner_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_name  TEXT,
    last_name   TEXT,
    email       TEXT,
    phone       TEXT,
    birthday    TEXT,
    street      TEXT,
    street2     TEXT,
    city        TEXT,
    province    TEXT,
    postal_code TEXT,
    country     TEXT,
    sort_name   TEXT NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    CHECK (first_name IS NOT NULL OR last_name IS NOT NULL)
) STRICT;

INSERT INTO contacts_owned
    SELECT id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province,
           postal_code, country, sort_name, version, created_at, updated_at
    FROM contacts WHERE owner_id IN (SELECT id FROM users);

DROP TABLE contacts;
ALTER TABLE contacts_owned RENAME TO contacts;
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);
