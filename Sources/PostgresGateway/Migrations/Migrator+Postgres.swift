import Foundation
import Migrations

extension Migrator {
    /// A migrator for the PostgreSQL migrations compiled into this build.
    public init(database: PostgresDatabase) throws {
        try self.init(database: database, migrations: Migration.embedded(.postgres))
    }

    /// A migrator for `migrations` (in any order) on a PostgreSQL database.
    public init(database: PostgresDatabase, migrations: [Migration], now: @escaping @Sendable () -> Date = { Date() }) throws {
        try self.init(ledger: PostgresMigrationLedger(database: database), migrations: migrations, now: now)
    }
}
