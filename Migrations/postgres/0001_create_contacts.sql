-- Contacts: each user's address book. Every query is scoped by owner_id.
-- The PostgreSQL dialect of Migrations/sqlite/0001_create_contacts.sql: the same tables, columns,
-- constraints and indexes, stored alike (text as TEXT, SQLite's INTEGER as BIGINT, times as Unix
-- milliseconds), so the gateways' SQL ports one to one.
--
-- SQLite compares text byte by byte (BINARY); PostgreSQL by the database's locale unless told
-- otherwise. Every text column a page is sorted or resumed by is COLLATE "C" (byte order, which for
-- UTF-8 is code point order, as SQLite), so pages come in the same order from both backends
-- whatever locale the database was created with.
CREATE TABLE contacts (
    id          TEXT COLLATE "C" PRIMARY KEY NOT NULL,
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
    sort_name   TEXT COLLATE "C" NOT NULL,   -- lower(last_name || ' ' || first_name), the list order
    version     BIGINT NOT NULL DEFAULT 1,
    created_at  BIGINT NOT NULL,    -- Unix milliseconds, UTC
    updated_at  BIGINT NOT NULL,
    CHECK (first_name IS NOT NULL OR last_name IS NOT NULL)
);

-- Name-sorted pages of one owner's book, resumed after (sort_name, id).
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);
