-- How many contacts each user holds, for the per-user contact quota (StorageQuotas,
-- `--max-contacts-per-user`): a create checks it in its own write transaction instead of
-- counting the owner's contacts, which would cost every create in proportion to the owner's list.
--
-- Kept by triggers, so every path that inserts or deletes contacts (the API, seed-bench, a
-- user's deletion cascading) keeps it exact; filled once here from the contacts already stored.
ALTER TABLE users ADD COLUMN contact_count INTEGER NOT NULL DEFAULT 0 CHECK (contact_count >= 0);

UPDATE users SET contact_count = (SELECT count(*) FROM contacts WHERE contacts.owner_id = users.id);

CREATE TRIGGER contacts_counted_insert AFTER INSERT ON contacts BEGIN
    UPDATE users SET contact_count = contact_count + 1 WHERE id = NEW.owner_id;
END;

CREATE TRIGGER contacts_counted_delete AFTER DELETE ON contacts BEGIN
    UPDATE users SET contact_count = contact_count - 1 WHERE id = OLD.owner_id;
END;
