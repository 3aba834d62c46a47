-- What the pgbench scripts draw from, made by Scripts/bench/bench-capacity.sh after its HTTP runs:
-- one row per (user, source account, destination account) of the users the HTTP runs registered,
-- with a session digest of that user, so a uniform draw over n picks transfers as the wrk
-- workload does (a random user, two different accounts of it). The lookup of this row is the one
-- statement a pgbench transaction runs that viperd does not: an index read by primary key.
DROP TABLE IF EXISTS capacity_pairs;
CREATE TABLE capacity_pairs AS
SELECT (row_number() OVER (ORDER BY a.owner_id, a.id, b.id))::int AS n,
       a.owner_id AS user_id, s.token_digest AS digest, a.id AS from_id, b.id AS to_id
FROM accounts a
JOIN accounts b ON b.owner_id = a.owner_id AND b.id <> a.id
JOIN (SELECT DISTINCT ON (user_id) user_id, token_digest FROM sessions ORDER BY user_id, created_at DESC) s
  ON s.user_id = a.owner_id
WHERE a.owner_id IN (SELECT owner_id FROM accounts GROUP BY owner_id HAVING count(*) > 1);
ALTER TABLE capacity_pairs ADD PRIMARY KEY (n);
ANALYZE capacity_pairs;
SELECT count(*) FROM capacity_pairs;
