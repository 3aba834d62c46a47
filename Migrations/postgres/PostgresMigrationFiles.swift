/// The SQL files of this folder (`Migrations/postgres/`), compiled into the binary.
///
/// A version `Migrations/sqlite/` has too is the same change under the same name (so `viperd
/// migrate --status` reads alike on both); the others are the migrations only a shared server
/// needs, under numbers SQLite never uses (as SQLite's own FTS5 ones are absent here). A new
/// migration is a new `NNNN_name.sql` file here, its name in Package.swift's
/// `postgresMigrationFiles` and its line below; a test fails when they disagree.
public enum PostgresMigrationFiles {
    /// `(file name, SQL bytes)`, in order.
    public static let files: [(name: String, sql: [UInt8])] = [
        ("0001_create_contacts.sql", PackageResources._001_create_contacts_sql),
        ("0002_create_users_and_sessions.sql", PackageResources._002_create_users_and_sessions_sql),
        ("0003_products_orders.sql", PackageResources._003_products_orders_sql),
        ("0004_accounts_transactions.sql", PackageResources._004_accounts_transactions_sql),
        ("0005_transfers.sql", PackageResources._005_transfers_sql),
        ("0006_account_balances.sql", PackageResources._006_account_balances_sql),
        ("0007_contact_search.sql", PackageResources._007_contact_search_sql),
        ("0008_login_failures.sql", PackageResources._008_login_failures_sql),
        ("0009_login_attempts.sql", PackageResources._009_login_attempts_sql),
        ("0012_session_expiry.sql", PackageResources._012_session_expiry_sql),
        ("0013_user_contact_counts.sql", PackageResources._013_user_contact_counts_sql),
        ("0014_rate_windows.sql", PackageResources._014_rate_windows_sql),
        ("0015_identity_outbox.sql", PackageResources._015_identity_outbox_sql),
        ("0016_session_refresh.sql", PackageResources._016_session_refresh_sql),
        ("0017_pending_transfers.sql", PackageResources._017_pending_transfers_sql),
        ("0018_event_tickets.sql", PackageResources._018_event_tickets_sql),
        ("0019_idempotency_transfers.sql", PackageResources._019_idempotency_transfers_sql),
        ("0020_user_key_indexes.sql", PackageResources._020_user_key_indexes_sql),
    ]
}
