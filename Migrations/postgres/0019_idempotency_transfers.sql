-- The transfer an idempotent request stored, named in its key's record by the transfer's own
-- transaction (`POST /v1/transfers` with `Idempotency-Key`). The stored response commits after
-- the transfer; if the process stops in between, the record stays in flight, and the same request
-- taking it over after the timeout finds the transfer here and answers it, instead of moving the
-- money a second time. NULL for every other request, and cleared when another request takes the
-- key over.
ALTER TABLE idempotency_records ADD COLUMN transfer_id TEXT;
