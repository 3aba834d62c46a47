-- Contacts keyed in list order by bucket, so the search index yields an owner's matches bucket by
-- bucket in list order and a page stops at the bucket of its last match.
--
-- `seq`, the key the FTS5 index refers to, was handed out in insertion order: a search collected
-- every contact holding its term and sorted them by name, so a term held by 10 % of a million
-- contacts read and sorted 100,000 rows for a page of 20. From here on `seq` is a bucket number
-- (bits 24 and up) and a slot in it, and bucket numbers never decrease along list order,
-- (owner_id, sort_name, id) (SQLiteContactOrder keeps it so: a new contact joins its
-- predecessor's bucket, and buckets are split while the server is idle).
--
-- The existing contacts are numbered here in buckets of 64 (SQLiteContactOrder.standard),
-- spread evenly over the bucket numbers 1 ..< 2^39 so that later splits find room between any two.
-- The table is rebuilt with its rows written in their new key order, as migration 0007 rebuilt
-- it: changing the keys in place moves every row to another page and left the file ~45 % larger.
-- Dropping the table drops its triggers; they are made again below, and the index is rebuilt from
-- the contacts once they have their keys.
INSERT INTO contacts_search (contacts_search) VALUES ('delete-all');

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

INSERT INTO contacts_ordered (
    seq, id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, postal_code,
    country, sort_name, version, created_at, updated_at, search_name, search_email, search_phone)
    SELECT ((1 + (rank - 1) / 64 * spacing) << 24) + (rank - 1) % 64 + 1, id, owner_id, first_name, last_name, email,
           phone, birthday, street, street2, city, province, postal_code, country, sort_name, version, created_at,
           updated_at, search_name, search_email, search_phone
    FROM (SELECT *, row_number() OVER (ORDER BY owner_id, sort_name, id) AS rank FROM contacts),
         (SELECT ((1 << 39) - 2) / (count(*) / 64 + 2) AS spacing FROM contacts)
    ORDER BY rank;

DROP TABLE contacts;
ALTER TABLE contacts_ordered RENAME TO contacts;
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);
INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');

-- As migration 0010 made them.
CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
    INSERT INTO contacts_search_pending (seq) VALUES (new.seq);
END;
CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, search_name, search_email, search_phone)
        SELECT 'delete', old.seq, old.search_name, old.search_email, old.search_phone
        WHERE NOT EXISTS (SELECT 1 FROM contacts_search_pending WHERE seq = old.seq);
    DELETE FROM contacts_search_pending WHERE seq = old.seq;
END;
-- A split moving a contact to another bucket changes its `seq`, which reindexes it like a rename.
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
