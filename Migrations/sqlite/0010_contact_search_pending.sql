-- The search index written once per transaction instead of once per contact.
--
-- FTS5 writes its pending terms out as a new segment at every savepoint, and group commit gives
-- every write a savepoint of its own: indexing each contact from its own trigger cost every create
-- a segment of its own, and the merges that follow. The triggers now note which contacts are to
-- be indexed in `contacts_search_pending`, and the writer indexes them all with one statement just
-- before the transaction commits (Database.indexPendingContacts): the index still changes in the
-- same transaction as the contacts, never after it, and a failure to index fails the commit.

-- The contacts written in the open transaction whose terms are not in the index yet; empty
-- between transactions.
CREATE TABLE contacts_search_pending (seq INTEGER PRIMARY KEY) STRICT;

DROP TRIGGER contacts_search_insert;
DROP TRIGGER contacts_search_delete;
DROP TRIGGER contacts_search_update;

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
-- Every update sets the search columns; only a change to them touches the index.
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
