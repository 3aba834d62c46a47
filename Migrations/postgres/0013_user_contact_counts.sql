-- How many contacts each user holds, for the per-user contact quota (StorageQuotas,
-- `--max-contacts-per-user`): a create locks its owner's row (`SELECT contact_count … FOR
-- UPDATE`), reads the count and inserts in one transaction, so concurrent creates of one owner,
-- from any instance, are counted one by one and never pass the quota together.
--
-- Kept by triggers, so every path that inserts or deletes contacts keeps it exact; filled once
-- here from the contacts already stored.
ALTER TABLE users ADD COLUMN contact_count INTEGER NOT NULL DEFAULT 0 CHECK (contact_count >= 0);

UPDATE users SET contact_count = (SELECT count(*) FROM contacts WHERE contacts.owner_id = users.id);

CREATE FUNCTION contacts_count_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE users SET contact_count = contact_count + 1 WHERE id = NEW.owner_id;
        RETURN NEW;
    END IF;
    UPDATE users SET contact_count = contact_count - 1 WHERE id = OLD.owner_id;
    RETURN OLD;
END;
$$;

CREATE TRIGGER contacts_counted AFTER INSERT OR DELETE ON contacts
    FOR EACH ROW EXECUTE FUNCTION contacts_count_owner();
