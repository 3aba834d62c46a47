-- Contacts numbered in list order, so the search index yields its matches already sorted.
--
-- `seq`, the key the FTS5 index refers to, was handed out in insertion order: a search had to
-- collect every contact holding the term and sort them by name, so a term held by 10 % of a large
-- book read and sorted tens of thousands of rows for a page of 20. From here on `seq` follows
-- (owner_id, sort_name, id), the order of `contacts_owner_sort`, with room between neighbours
-- (SQLiteContactOrder chooses a new contact's `seq` between those of its neighbours, and respaces
-- a few around it when they touch), so the index's matches of one owner come in list order and a
-- page stops after its 20th.
--
-- The index is also no longer written row by row: FTS5 writes its pending terms out as a new
-- segment at every savepoint, and group commit gives every write a savepoint of its own, so each
-- contact cost a segment and its merges. The triggers now note which contacts are to be indexed
-- in `contacts_search_pending`, and the writer indexes them all with one statement just before
-- the transaction commits (Database.commit): the index still changes in the same transaction as
-- the contacts, never after it.
CREATE TABLE contacts_ordered (
    seq           INTEGER PRIMARY KEY,
    id            TEXT NOT NULL UNIQUE,
    owner_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_name    TEXT,
    last_name     TEXT,
    email         TEXT,
    phone         TEXT,
    birthday      TEXT,
    street        TEXT,
    street2       TEXT,
    city          TEXT,
    province      TEXT,
    postal_code   TEXT,
    country       TEXT,
    sort_name     TEXT NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    search_name   TEXT NOT NULL,
    search_email  TEXT,
    search_phone  TEXT,
    CHECK (first_name IS NOT NULL OR last_name IS NOT NULL)
) STRICT;

-- 2^32 apart: the spacing SQLiteContactOrder gives a contact added after the last one.
INSERT INTO contacts_ordered (
    seq, id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, postal_code,
    country, sort_name, version, created_at, updated_at, search_name, search_email, search_phone)
    SELECT row_number() OVER (ORDER BY owner_id, sort_name, id) * 4294967296, id, owner_id, first_name, last_name, email,
           phone, birthday, street, street2, city, province, postal_code, country, sort_name, version, created_at,
           updated_at, search_name, search_email, search_phone
    FROM contacts;

DROP TABLE contacts;
ALTER TABLE contacts_ordered RENAME TO contacts;
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);
INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');

-- The contacts written in the open transaction whose terms are not in the index yet; empty
-- between transactions.
CREATE TABLE contacts_search_pending (seq INTEGER PRIMARY KEY) STRICT;

CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
    INSERT INTO contacts_search_pending (seq) VALUES (new.seq);
END;
-- A contact still pending has no terms in the index to take out.
CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, search_name, search_email, search_phone)
        SELECT 'delete', old.seq, old.search_name, old.search_email, old.search_phone
        WHERE NOT EXISTS (SELECT 1 FROM contacts_search_pending WHERE seq = old.seq);
    DELETE FROM contacts_search_pending WHERE seq = old.seq;
END;
-- Every update sets the search columns; only a change to them or to `seq` (a rename moves the
-- contact in list order) touches the index.
CREATE TRIGGER contacts_search_update AFTER UPDATE OF seq, search_name, search_email, search_phone ON contacts
WHEN old.seq IS NOT new.seq OR old.search_name IS NOT new.search_name OR old.search_email IS NOT new.search_email
    OR old.search_phone IS NOT new.search_phone
BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, search_name, search_email, search_phone)
        SELECT 'delete', old.seq, old.search_name, old.search_email, old.search_phone
        WHERE NOT EXISTS (SELECT 1 FROM contacts_search_pending WHERE seq = old.seq);
    DELETE FROM contacts_search_pending WHERE seq = old.seq;
    INSERT INTO contacts_search_pending (seq) VALUES (new.seq);
END;
