import Foundation

/// A database as `Migrator` sees it: the `schema_migrations` table and a way to run one
/// migration, in one dialect. The checksum rules, the order and the operator messages are the
/// `Migrator`'s; a ledger only reads and writes.
///
/// The table, the same in every dialect (types spelled in the dialect; `version` may be the
/// dialect's 64-bit integer):
///
///     CREATE TABLE IF NOT EXISTS schema_migrations (
///         version    INTEGER PRIMARY KEY,   -- Migration.version
///         name       TEXT NOT NULL,         -- Migration.name: the file name, no folder
///         checksum   TEXT NOT NULL,         -- Migration.checksum: lowercase hex SHA-256
///         applied_at TEXT NOT NULL          -- AppliedMigration.timestamp(appliedAt)
///     )
///
/// Several processes may migrate one database at once (instances starting together): `apply`
/// is what makes each migration run exactly once.
public protocol MigrationLedger: Sendable {
    /// Every row of `schema_migrations` by increasing version; empty when the table does not
    /// exist. Creates nothing and writes nothing: `viperd migrate --status` must leave a never
    /// migrated database as it found it.
    func appliedMigrations() throws -> [AppliedMigration]

    /// Creates `schema_migrations` when it is missing (harmless when another process creates it
    /// at the same time), then returns what `appliedMigrations()` would.
    func prepare() throws -> [AppliedMigration]

    /// Runs `migration.sql` and records it, in ONE transaction of its own, and returns true; or
    /// returns false, running nothing, when `schema_migrations` already has `migration.version`
    /// (another process applied it since `prepare()`).
    ///
    /// - The check and the run must not race with another process doing the same: hold a lock
    ///   that serialises them before the check (SQLite: a write transaction; PostgreSQL: e.g.
    ///   `LOCK TABLE schema_migrations IN EXCLUSIVE MODE` or `pg_advisory_xact_lock`), then
    ///   `SELECT count(*) FROM schema_migrations WHERE version = $1`.
    /// - `migration.sql` is a whole file: several statements, comments, and (PostgreSQL)
    ///   dollar-quoted function bodies, with no BEGIN or COMMIT of its own. Run it as a script
    ///   (sqlite3_exec; libpq's simple query protocol, `PQexec`), not as one prepared statement.
    /// - Record it with `INSERT INTO schema_migrations (version, name, checksum, applied_at)`
    ///   of `migration.version`, `migration.name`, `migration.checksum` and
    ///   `AppliedMigration.timestamp(appliedAt)`, then commit.
    /// - When the SQL fails, roll back (nothing of it and no record stays) and throw
    ///   `MigrationError.failed(name: migration.name, reason:)` with the database's own message
    ///   as the reason (SQLite's `sqlite3_errmsg`; PostgreSQL's primary message, e.g.
    ///   `PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY)`), so the operator sees what went
    ///   wrong. Other failures (no connection, lock timeout) may throw the gateway's own errors.
    func apply(_ migration: Migration, appliedAt: Date) throws -> Bool
}
