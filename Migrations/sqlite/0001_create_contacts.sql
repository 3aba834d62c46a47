-- Contacts: each user's address book. Every query is scoped by owner_id.
CREATE TABLE contacts (
    id          TEXT PRIMARY KEY NOT NULL,
    owner_id    TEXT NOT NULL,
    first_name  TEXT,
    last_name   TEXT,
    email       TEXT,
    phone       TEXT,
    birthday    TEXT,               -- YYYY-MM-DD
    street      TEXT,
    street2     TEXT,
    city        TEXT,
    province    TEXT,
    postal_code TEXT,
    country     TEXT,
    sort_name   TEXT NOT NULL,      -- lower(last_name || ' ' || first_name), the list order
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,   -- Unix milliseconds, UTC
    updated_at  INTEGER NOT NULL,
    CHECK (first_name IS NOT NULL OR last_name IS NOT NULL)
) STRICT;

-- Name-sorted pages of one owner's book, resumed after (sort_name, id).
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);
