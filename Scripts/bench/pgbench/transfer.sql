-- POST /v1/transfers between two accounts of one user as viperd runs it on PostgreSQL (read from
-- the server's log_statement=all at 86f9e2c, then as aee5e29 and the legs' one insert changed
-- it, then as 52a7b55 made the transfer one round trip): the session lookup; the idempotency
-- reservation, committed without waiting for the flush; both accounts read; one transaction that
-- locks both accounts in id order, inserts both legs only while the funds cover them (one
-- statement), then the transfer only once its debit is in, the outbox event and the name of the
-- transfer in its key's record only once the transfer is in; the listener's notify; the
-- reservation completed with the answer, also without waiting for the flush. One transaction per
-- transfer: viperd's group commit may put several in one, and sends one notify for many. The
-- stored answer is 690 bytes, a transfer's JSON body. Pipelined as viperd sends them: each
-- transaction's statements up to a read it needs, in one round trip.
-- Variables: pairs (rows of capacity_pairs), run (a tag unique to the run), now (ms), seq=0.
\set p random(1, :pairs)
\set seq :seq + 1
SELECT user_id, digest, from_id, to_id FROM capacity_pairs WHERE n = :p \gset
SELECT token_digest, user_id, created_at, expires_at, revoked_at, access_expires_at, ends_at, last_used_at, client_address, user_agent, refresh_family, refresh_digest, previous_refresh_digest, rotated_at FROM sessions WHERE token_digest = :digest;
\startpipeline
BEGIN;
SET LOCAL synchronous_commit = off;
INSERT INTO idempotency_records (owner_id, key, fingerprint, state, created_at) VALUES (:user_id, 'k_' || :run || '_' || :client_id || '_' || :seq, '3dd0106c770a6f4732bf480b2dc99c3bbc2f345a319c41db2100e895ddfdcd46', 'in_flight', :now) ON CONFLICT (owner_id, key) DO NOTHING;
COMMIT;
\endpipeline
SELECT id, owner_id, name, currency, credit_limit, created_at FROM accounts WHERE id = :from_id AND owner_id = :user_id;
SELECT id, owner_id, name, currency, credit_limit, created_at FROM accounts WHERE id = :to_id AND owner_id = :user_id;
\startpipeline
BEGIN;
SELECT id FROM accounts WHERE id IN (:from_id, :to_id) ORDER BY id FOR UPDATE;
INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount) SELECT * FROM (VALUES (('td_' || :run || '_' || :client_id || '_' || :seq)::text, (:from_id)::text, 'posted'::text, 'debit'::text, '2026-11-28'::text, 'Transfer to Savings'::text, (1)::bigint), ('tc_' || :run || '_' || :client_id || '_' || :seq, :to_id, 'posted', 'credit', '2026-11-28', 'Transfer from Main Account', 1)) AS legs WHERE (SELECT credit_limit + balance - pending_debits FROM accounts WHERE id = :from_id) >= 1;
INSERT INTO transfers (id, owner_id, from_account_id, to_account_id, recipient_type, recipient_id, recipient_name, amount_minor, currency, memo, debit_transaction_id, credit_transaction_id, created_at, status, recipient_email, expires_at, resolved_at, cancelled_by) SELECT 'tr_' || :run || '_' || :client_id || '_' || :seq, :user_id, :from_id, :to_id, 'account', :to_id, 'Savings', 1, 'CAD', NULL, 'td_' || :run || '_' || :client_id || '_' || :seq, 'tc_' || :run || '_' || :client_id || '_' || :seq, :now, 'completed', NULL, NULL, :now, NULL WHERE EXISTS (SELECT 1 FROM transactions WHERE id = 'td_' || :run || '_' || :client_id || '_' || :seq);
WITH bumped AS (UPDATE users SET last_event_position = last_event_position + 1 WHERE id = :user_id AND EXISTS (SELECT 1 FROM transfers WHERE id = 'tr_' || :run || '_' || :client_id || '_' || :seq) RETURNING last_event_position) INSERT INTO events (user_id, position, type, payload, created_at) SELECT :user_id, last_event_position, 'transfer.sent', '{"amountMinor":"1","currency":"CAD","transferId":"tr_bench"}', :now FROM bumped;
UPDATE idempotency_records SET transfer_id = 'tr_' || :run || '_' || :client_id || '_' || :seq WHERE owner_id = :user_id AND key = 'k_' || :run || '_' || :client_id || '_' || :seq AND state = 'in_flight' AND fingerprint = '3dd0106c770a6f4732bf480b2dc99c3bbc2f345a319c41db2100e895ddfdcd46' AND EXISTS (SELECT 1 FROM transfers WHERE id = 'tr_' || :run || '_' || :client_id || '_' || :seq);
COMMIT;
\endpipeline
SELECT pg_notify('viperd_outbox', :user_id);
\startpipeline
BEGIN;
SET LOCAL synchronous_commit = off;
UPDATE idempotency_records SET state = 'completed', response_status = 201, response_headers = '[["Content-Type","application\/json"],["Location","\/v1\/transfers\/tr_01m8h0gn283bqacsekmh"]]', response_body = convert_to(repeat('x', 690), 'UTF8') WHERE owner_id = :user_id AND key = 'k_' || :run || '_' || :client_id || '_' || :seq AND state = 'in_flight';
COMMIT;
\endpipeline
