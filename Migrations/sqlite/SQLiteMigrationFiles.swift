/// The SQL files of this folder (`Migrations/sqlite/`), compiled into the binary.
///
/// A new migration is a new `NNNN_name.sql` file here, its name in Package.swift's
/// `sqliteMigrationFiles` and its line below; a test fails when they disagree. The file name is
/// what `schema_migrations` records, and the bytes are checksummed: never rename or edit a file
/// once released.
public enum SQLiteMigrationFiles {
    /// `(file name, SQL bytes)`, in order.
    public static let files: [(name: String, sql: [UInt8])] = [
        ("0001_create_contacts.sql", PackageResources._001_create_contacts_sql),
        ("0002_create_users_and_sessions.sql", PackageResources._002_create_users_and_sessions_sql),
        ("0003_products_orders.sql", PackageResources._003_products_orders_sql),
        ("0004_accounts_transactions.sql", PackageResources._004_accounts_transactions_sql),
        ("0005_transfers.sql", PackageResources._005_transfers_sql),
        ("0006_account_balances.sql", PackageResources._006_account_balances_sql),
        ("0007_contact_search.sql", PackageResources._007_contact_search_sql),
        ("0010_contact_search_pending.sql", PackageResources._010_contact_search_pending_sql),
        ("0011_contact_list_order.sql", PackageResources._011_contact_list_order_sql),
        ("0012_session_expiry.sql", PackageResources._012_session_expiry_sql),
        ("0013_user_contact_counts.sql", PackageResources._013_user_contact_counts_sql),
        ("0015_identity_outbox.sql", PackageResources._015_identity_outbox_sql),
        ("0016_session_refresh.sql", PackageResources._016_session_refresh_sql),
        ("0017_pending_transfers.sql", PackageResources._017_pending_transfers_sql),
        ("0018_event_tickets.sql", PackageResources._018_event_tickets_sql),
        ("0019_idempotency_transfers.sql", PackageResources._019_idempotency_transfers_sql),
        ("0020_user_key_indexes.sql", PackageResources._020_user_key_indexes_sql),
    ]
}
