-- Products (a read-only catalog), orders with their lines, and idempotency records for unsafe
-- POSTs. Money is integer minor units beside its ISO 4217 code; timestamps are Unix milliseconds.
-- As in SQLite: order_lines has its primary key only (SQLite's WITHOUT ROWID), and the stored
-- response body is bytes (BYTEA for BLOB). Text that pages are sorted or resumed by is
-- COLLATE "C", SQLite's byte order (see 0001).
CREATE TABLE products (
    id          TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    name        TEXT COLLATE "C" NOT NULL,
    price_minor BIGINT NOT NULL CHECK (price_minor BETWEEN 0 AND 10000000000),  -- Product.maximumPriceMinor
    currency    TEXT NOT NULL
);

-- Catalog pages, resumed after (name, id).
CREATE INDEX products_name ON products (name, id);

INSERT INTO products (id, name, price_minor, currency) VALUES
    ('p_apple_keyboard', 'Apple Magic Keyboard', 12900, 'CAD'),
    ('p_bamboo_desk', 'Bamboo Standing Desk', 54999, 'CAD'),
    ('p_cable_usbc', 'USB-C Cable (2 m)', 1999, 'CAD'),
    ('p_desk_lamp', 'LED Desk Lamp', 4550, 'CAD'),
    ('p_ergo_chair', 'Ergonomic Office Chair', 38900, 'CAD'),
    ('p_headphones', 'Noise-Cancelling Headphones', 34999, 'CAD'),
    ('p_monitor_27', '27-inch 4K Monitor', 47999, 'CAD'),
    ('p_mouse', 'Wireless Mouse', 3999, 'CAD'),
    ('p_notebook', 'Dot-Grid Notebook', 1495, 'CAD'),
    ('p_pen_set', 'Gel Pen Set (12)', 899, 'CAD'),
    ('p_webcam', 'HD Webcam', 8999, 'CAD'),
    ('p_maple_syrup', 'Maple Syrup (500 ml)', 1250, 'CAD');

-- One row: the last order number handed out. Numbers are unique, not gap-free.
CREATE TABLE order_number_counter (
    singleton  BIGINT PRIMARY KEY CHECK (singleton = 1),
    last_value BIGINT NOT NULL
);

INSERT INTO order_number_counter (singleton, last_value) VALUES (1, 0);

CREATE TABLE orders (
    id                     TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    owner_id               TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    number                 TEXT NOT NULL UNIQUE,          -- SO-000123
    status                 TEXT NOT NULL CHECK (status IN ('placed', 'cancelled')),
    placed_at              BIGINT NOT NULL,
    cancelled_at           BIGINT,
    customer_first_name    TEXT NOT NULL,
    customer_last_name     TEXT NOT NULL,
    customer_email         TEXT NOT NULL,
    customer_phone         TEXT,
    billing_street         TEXT,
    billing_street2        TEXT,
    billing_city           TEXT,
    billing_province       TEXT,
    billing_postal_code    TEXT,
    billing_country        TEXT,
    shipment_street        TEXT,
    shipment_street2       TEXT,
    shipment_city          TEXT,
    shipment_province      TEXT,
    shipment_postal_code   TEXT,
    shipment_country       TEXT,
    shipment_speed         TEXT NOT NULL CHECK (shipment_speed IN ('standard', 'twoDay', 'oneDay')),
    shipment_cost_minor    BIGINT NOT NULL CHECK (shipment_cost_minor >= 0),
    item_total_minor       BIGINT NOT NULL CHECK (item_total_minor >= 0),
    tax_minor              BIGINT NOT NULL CHECK (tax_minor >= 0),
    order_total_minor      BIGINT NOT NULL CHECK (order_total_minor >= 0),
    currency               TEXT NOT NULL,
    pay_from_account_id    TEXT,
    payment_transaction_id TEXT,
    version                BIGINT NOT NULL DEFAULT 1,   -- the ETag is made from it
    CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);

-- List pages per owner, resumed after (sort key, id), with and without a status filter.
CREATE INDEX orders_owner_placed ON orders (owner_id, placed_at, id);
CREATE INDEX orders_owner_total ON orders (owner_id, order_total_minor, id);
CREATE INDEX orders_owner_status_placed ON orders (owner_id, status, placed_at, id);
CREATE INDEX orders_owner_status_total ON orders (owner_id, status, order_total_minor, id);

CREATE TABLE order_lines (
    order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    line_index       BIGINT NOT NULL CHECK (line_index >= 0),
    product_id       TEXT NOT NULL,    -- no foreign key: an order keeps what was sold, as sold
    name             TEXT NOT NULL,
    quantity         BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 999),
    unit_price_minor BIGINT NOT NULL CHECK (unit_price_minor >= 0),
    line_total_minor BIGINT NOT NULL CHECK (line_total_minor >= 0),
    PRIMARY KEY (order_id, line_index)
);

-- The first response to each (owner, Idempotency-Key), replayed on retries for 24 hours.
CREATE TABLE idempotency_records (
    owner_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key             TEXT NOT NULL,
    fingerprint     TEXT NOT NULL,     -- of method, path and body: another body is another request
    state           TEXT NOT NULL CHECK (state IN ('in_flight', 'completed')),
    response_status BIGINT,
    response_headers TEXT,             -- JSON array of [name, value] pairs
    response_body   BYTEA,
    created_at      BIGINT NOT NULL,   -- when the current reservation was made; expiry counts from it
    CHECK ((state = 'completed') = (response_status IS NOT NULL AND response_body IS NOT NULL)),
    PRIMARY KEY (owner_id, key)
);

-- Purging expired records.
CREATE INDEX idempotency_records_created ON idempotency_records (created_at);
