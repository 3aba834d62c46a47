-- Indexes on the columns that name a user in the tables that had none.
-- * A user's open drafts were counted (the quota, on every new draft) through
--   `transfer_drafts_expires`: every live draft of every user was read to count one user's.
-- * Deleting a user (the upkeep's purge of unverified claimers) cascades to `transfer_drafts` and
--   `event_tickets` and clears `mail_messages.user_id`: without an index on the column, each
--   deleted user read the whole of each table, all mail of the retention period included.
CREATE INDEX transfer_drafts_owner ON transfer_drafts (owner_id, expires_at);
CREATE INDEX event_tickets_user ON event_tickets (user_id);
CREATE INDEX mail_messages_user ON mail_messages (user_id);
