-- Contact search through an FTS5 trigram index instead of a scan of every row.
--
-- The folded forms search compares ("first last", email, phone through viperd_search_fold, the
-- application's SearchFolding) are stored, so neither the index nor a short-query scan calls
-- Swift per row; the application writes them with every insert and update.
--
-- The index is external-content and refers to contacts by rowid. A rowid that is not an INTEGER
-- PRIMARY KEY may be renumbered by VACUUM (and VACUUM INTO, the backup), which would point the
-- index at the wrong contacts, so the table is rebuilt with an explicit `seq` key; `id` stays the
-- identifier everything else uses. Nothing references contacts, so the rebuild drops no rows.
CREATE TABLE contacts_indexed (
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
    search_name   TEXT NOT NULL,    -- viperd_search_fold(first and last name joined by a space)
    search_email  TEXT,             -- viperd_search_fold(email)
    search_phone  TEXT,             -- viperd_search_fold(phone)
    CHECK (first_name IS NOT NULL OR last_name IS NOT NULL)
) STRICT;

INSERT INTO contacts_indexed (
    seq, id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, postal_code,
    country, sort_name, version, created_at, updated_at, search_name, search_email, search_phone)
    SELECT rowid, id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province,
           postal_code, country, sort_name, version, created_at, updated_at,
           viperd_search_fold(coalesce(first_name || ' ' || last_name, first_name, last_name)),
           viperd_search_fold(email), viperd_search_fold(phone)
    FROM contacts;

DROP TABLE contacts;
ALTER TABLE contacts_indexed RENAME TO contacts;
CREATE INDEX contacts_owner_sort ON contacts (owner_id, sort_name, id);

-- Trigrams of the folded text, compared exactly (case_sensitive 1: the text is already folded
-- by the application's rules, which are not FTS5's): a phrase of three or more characters
-- matches exactly the rows containing it as a substring.
CREATE VIRTUAL TABLE contacts_search USING fts5(
    search_name, search_email, search_phone,
    content = 'contacts', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
);
INSERT INTO contacts_search (contacts_search) VALUES ('rebuild');

-- Kept in step in the same transaction as every write to contacts.
CREATE TRIGGER contacts_search_insert AFTER INSERT ON contacts BEGIN
    INSERT INTO contacts_search (rowid, search_name, search_email, search_phone)
        VALUES (new.seq, new.search_name, new.search_email, new.search_phone);
END;
CREATE TRIGGER contacts_search_delete AFTER DELETE ON contacts BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, search_name, search_email, search_phone)
        VALUES ('delete', old.seq, old.search_name, old.search_email, old.search_phone);
END;
-- Every update sets the search columns; only a change to them touches the index.
CREATE TRIGGER contacts_search_update AFTER UPDATE OF seq, search_name, search_email, search_phone ON contacts
WHEN old.seq IS NOT new.seq OR old.search_name IS NOT new.search_name OR old.search_email IS NOT new.search_email
    OR old.search_phone IS NOT new.search_phone
BEGIN
    INSERT INTO contacts_search (contacts_search, rowid, search_name, search_email, search_phone)
        VALUES ('delete', old.seq, old.search_name, old.search_email, old.search_phone);
    INSERT INTO contacts_search (rowid, search_name, search_email, search_phone)
        VALUES (new.seq, new.search_name, new.search_email, new.search_phone);
END;
