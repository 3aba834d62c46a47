-- POST /v1/contacts as viperd runs it on PostgreSQL (release of 86f9e2c, read from the server's
-- log_statement=all; then as 17ad230 made it one round trip): the session lookup, then one
-- transaction that locks the owner's row, inserts the contact only while the owner is under the
-- quota (its trigger counts it) and appends the outbox event only once the contact is in, then
-- the listener's notify. One transaction per contact: viperd's group commit may put several in
-- one, and sends one notify for many. Pipelined as viperd sends them: BEGIN to COMMIT in one
-- round trip.
-- Variables: pairs (rows of capacity_pairs), run (a tag unique to the run), now (ms), seq=0.
\set p random(1, :pairs)
\set seq :seq + 1
SELECT user_id, digest FROM capacity_pairs WHERE n = :p \gset
SELECT token_digest, user_id, created_at, expires_at, revoked_at, access_expires_at, ends_at, last_used_at, client_address, user_agent, refresh_family, refresh_digest, previous_refresh_digest, rotated_at FROM sessions WHERE token_digest = :digest;
\startpipeline
BEGIN;
SELECT 1 FROM users WHERE id = :user_id FOR NO KEY UPDATE;
INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, postal_code, country, version, created_at, updated_at, sort_name, search_name, search_email, search_phone) SELECT 'c_' || :run || '_' || :client_id || '_' || :seq, :user_id, 'Bench', 'Contact', 'bench@example.com', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, :now, :now, 'contact bench', 'bench contact', 'bench@example.com', NULL WHERE coalesce((SELECT contact_count FROM users WHERE id = :user_id), 0) < 100000;
WITH bumped AS (UPDATE users SET last_event_position = last_event_position + 1 WHERE id = :user_id AND EXISTS (SELECT 1 FROM contacts WHERE id = 'c_' || :run || '_' || :client_id || '_' || :seq) RETURNING last_event_position) INSERT INTO events (user_id, position, type, payload, created_at) SELECT :user_id, last_event_position, 'contact.created', '{"contactId":"c_bench","version":"1"}', :now FROM bumped;
COMMIT;
\endpipeline
SELECT pg_notify('viperd_outbox', :user_id);
