import Foundation
import Migrations
import SQLRows

/// `schema_migrations` in a SQLite database, for `Migrator`.
public struct SQLiteMigrationLedger: MigrationLedger {
    private static let createTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        )
        """
    private static let tableExists = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    private static let selectApplied = "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version"
    private static let selectVersion = "SELECT count(*) FROM schema_migrations WHERE version = ?"
    private static let insertApplied = "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)"

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func appliedMigrations() throws -> [AppliedMigration] {
        try database.read { try Self.applied(on: $0) }
    }

    public func prepare() throws -> [AppliedMigration] {
        try database.write { connection in
            try connection.execute(Self.createTable)
            return try Self.applied(on: connection)
        }
    }

    public func apply(_ migration: Migration, appliedAt: Date) throws -> Bool {
        // The write transaction is the lock: a second process waits here, then sees the version.
        try database.write { connection in
            guard try connection.statement(Self.selectVersion).rows([.integer(Int64(migration.version))], { $0.int64(at: 0) }) == [0] else {
                return false
            }
            do {
                try connection.execute(migration.sql)
            } catch let error as SQLiteError {
                throw MigrationError.failed(name: migration.name, reason: error.message)
            }
            try connection.statement(Self.insertApplied).run([
                .integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
                .text(AppliedMigration.timestamp(appliedAt)),
            ])
            return true
        }
    }

    private static func applied(on connection: SQLiteConnection) throws -> [AppliedMigration] {
        // A database never migrated has no table yet, and status() must not create it.
        let tables = try connection.statement(tableExists).rows { $0.int64(at: 0) }
        guard tables == [1] else { return [] }
        return try connection.statement(selectApplied).rows { row in
            AppliedMigration(version: row.int(at: 0), name: row.string(at: 1) ?? "", checksum: row.string(at: 2) ?? "", appliedAt: row.string(at: 3) ?? "")
        }
    }
}
