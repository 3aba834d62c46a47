import Foundation
import Migrations
import SQLRows

/// `schema_migrations` in a PostgreSQL database, for `Migrator`.
public struct PostgresMigrationLedger: MigrationLedger {
    /// Serialises migrators of one database across processes (instances starting together):
    /// a transaction-scoped advisory lock, released by its commit or rollback.
    static let lock = "SELECT pg_advisory_xact_lock(7364812001)"
    static let createTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    BIGINT PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        )
        """
    static let tableExists = "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migrations'"
    static let selectApplied = "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version"
    static let selectVersion = "SELECT count(*) FROM schema_migrations WHERE version = $1"
    static let insertApplied = "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)"

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func appliedMigrations() throws -> [AppliedMigration] {
        try database.read { try Self.applied(on: $0) }
    }

    public func prepare() throws -> [AppliedMigration] {
        try database.write { connection in
            // Two processes creating the table at once would collide in the catalog otherwise.
            _ = try connection.statement(Self.lock).rows { _ in () }
            try connection.execute(Self.createTable)
            return try Self.applied(on: connection)
        }
    }

    public func apply(_ migration: Migration, appliedAt: Date) throws -> Bool {
        try database.write { connection in
            _ = try connection.statement(Self.lock).rows { _ in () }
            guard try connection.statement(Self.selectVersion).rows([.integer(Int64(migration.version))], { $0.int64(at: 0) }) == [0] else {
                return false
            }
            do {
                try connection.execute(migration.sql)
            } catch let error as PostgresError {
                throw MigrationError.failed(name: migration.name, reason: error.message)
            }
            try connection.statement(Self.insertApplied).run([
                .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
                .text(AppliedMigration.timestamp(appliedAt)),
            ])
            return true
        }
    }

    private static func applied(on connection: PostgresConnection) throws -> [AppliedMigration] {
        // A database never migrated has no table yet, and status() must not create it.
        let tables = try connection.statement(tableExists).rows { $0.int64(at: 0) }
        guard tables == [1] else { return [] }
        return try connection.statement(selectApplied).rows { row in
            AppliedMigration(version: row.int(at: 0), name: row.string(at: 1) ?? "", checksum: row.string(at: 2) ?? "", appliedAt: row.string(at: 3) ?? "")
        }
    }
}
