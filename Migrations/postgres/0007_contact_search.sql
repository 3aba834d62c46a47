-- Contact search through trigram indexes instead of a scan of every row.
--
-- The folded forms search compares are stored, as in SQLite: search_name (first and last name
-- joined by a space, or whichever is present), search_email and search_phone, each through the
-- application's SearchFolding (Domain). SQLite computes them in SQL through viperd_search_fold, a
-- function the gateway registers on every connection; PostgreSQL has no such function, so these
-- are plain columns the PostgreSQL gateway fills from Swift with every insert and update, exactly
-- the values SQLite's ContactRow.searchValues gives (the SQLite gateway writes them the same way).
--
-- SQLite's version of this migration rebuilt the table with an explicit `seq` key so that an FTS5
-- index could refer to rows by a stable rowid. PostgreSQL's GIN indexes index the table itself:
-- no `seq`, no shadow table, no triggers; `id` stays the key.
--
-- No SearchFolding exists in SQL to fill the columns for contacts already stored, and every
-- PostgreSQL database gets 0001…0007 together, so this refuses a database that has contacts
-- rather than inventing folded texts.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM contacts) THEN
        RAISE EXCEPTION 'contacts has rows, whose folded search texts only the application can compute; '
            'migrate an empty database (copy the contacts in through the application afterwards)';
    END IF;
END;
$$;

ALTER TABLE contacts
    ADD COLUMN search_name  TEXT NOT NULL,   -- SearchFolding.fold(first and last name joined by a space)
    ADD COLUMN search_email TEXT,            -- SearchFolding.fold(email)
    ADD COLUMN search_phone TEXT;            -- SearchFolding.fold(phone)

-- Trigrams of the folded text. A search is a substring test: the gateway writes it as
-- `search_name LIKE '%' || term || '%'` (term with \, % and _ escaped by a backslash), which
-- these indexes serve, rather than strpos/position, which no index serves. pg_trgm's trigrams
-- are a lossy filter and every candidate is rechecked against the LIKE, so matches are exact
-- (case-sensitive, on text already folded by the application's rules), whatever pg_trgm's own
-- case and word rules are; terms under three characters find no trigram and scan.
--
-- pg_trgm ships with PostgreSQL (the contrib modules, in Debian's postgresql package) and is a
-- trusted extension: a database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX contacts_search_name ON contacts USING gin (search_name gin_trgm_ops);
CREATE INDEX contacts_search_email ON contacts USING gin (search_email gin_trgm_ops);
CREATE INDEX contacts_search_phone ON contacts USING gin (search_phone gin_trgm_ops);
