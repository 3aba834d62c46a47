import Foundation
import Migrations

extension Migrator {
    /// A migrator for the SQLite migrations compiled into this build.
    public init(database: Database) throws {
        try self.init(database: database, migrations: Migration.embedded(.sqlite))
    }

    /// A migrator for `migrations` (in any order) on a SQLite database; throws
    /// `MigrationError.duplicateVersion` when two share a version.
    public init(database: Database, migrations: [Migration], now: @escaping @Sendable () -> Date = { Date() }) throws {
        try self.init(ledger: SQLiteMigrationLedger(database: database), migrations: migrations, now: now)
    }
}
