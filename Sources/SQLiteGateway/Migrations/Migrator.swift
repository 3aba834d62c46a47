import Foundation

/// Brings a database's schema up to date with this build's migrations, and refuses to touch a
/// database whose history disagrees with them.
///
/// Applied migrations are recorded in `schema_migrations` with the checksum of their file, so an
/// edited or lost file is reported to the operator instead of leaving schemas silently divergent.
public struct Migrator: Sendable {
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
    /// The migrations this build knows, by increasing version.
    public let migrations: [Migration]
    private let now: @Sendable () -> Date

    /// A migrator for the migrations compiled into this build.
    public init(database: Database) throws {
        try self.init(database: database, migrations: Migration.embedded())
    }

    /// A migrator for `migrations` (in any order); throws `MigrationError.duplicateVersion` when
    /// two share a version.
    public init(database: Database, migrations: [Migration], now: @escaping @Sendable () -> Date = { Date() }) throws {
        let sorted = migrations.sorted { ($0.version, $0.name) < ($1.version, $1.name) }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.version == later.version {
            throw MigrationError.duplicateVersion(later.version, names: [earlier.name, later.name])
        }
        self.database = database
        self.migrations = sorted
        self.now = now
    }

    /// Every known migration and every applied one, by version.
    public func status() throws -> [MigrationStatus] {
        let applied = try database.read { try appliedMigrations(on: $0) }
        return Self.statuses(known: migrations, applied: applied)
    }

    /// The known migrations not applied yet, in the order `migrate()` would apply them.
    public func pending() throws -> [Migration] {
        let applied = Set(try database.read { try appliedMigrations(on: $0) }.map(\.version))
        return migrations.filter { !applied.contains($0.version) }
    }

    /// Throws the first `MigrationError.changed` or `.missing` found, as `migrate()` would.
    public func validate() throws {
        try Self.validate(known: migrations, applied: database.read { try appliedMigrations(on: $0) })
    }

    /// Validates, then applies every pending migration, each in its own transaction, and returns
    /// those it applied (none when the database is up to date).
    @discardableResult
    public func migrate() throws -> [Migration] {
        let applied = try database.write { connection in
            try connection.execute(Self.createTable)
            return try appliedMigrations(on: connection)
        }
        try Self.validate(known: migrations, applied: applied)
        let appliedVersions = Set(applied.map(\.version))
        var done: [Migration] = []
        for migration in migrations where !appliedVersions.contains(migration.version) {
            if try apply(migration) {
                done.append(migration)
            }
        }
        return done
    }

    /// False when another process applied it meanwhile.
    private func apply(_ migration: Migration) throws -> Bool {
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
                .text(AppliedMigration.timestamp(now())),
            ])
            return true
        }
    }

    private func appliedMigrations(on connection: SQLiteConnection) throws -> [AppliedMigration] {
        // A database never migrated has no table yet, and status() must not create it.
        let tables = try connection.statement(Self.tableExists).rows { $0.int64(at: 0) }
        guard tables == [1] else { return [] }
        return try connection.statement(Self.selectApplied).rows { row in
            AppliedMigration(version: row.int(at: 0), name: row.string(at: 1) ?? "", checksum: row.string(at: 2) ?? "", appliedAt: row.string(at: 3) ?? "")
        }
    }

    static func validate(known: [Migration], applied: [AppliedMigration]) throws {
        let byVersion = Dictionary(known.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        for record in applied {
            guard let migration = byVersion[record.version] else {
                throw MigrationError.missing(version: record.version, name: record.name)
            }
            guard migration.checksum == record.checksum else {
                throw MigrationError.changed(name: migration.name, appliedChecksum: record.checksum, currentChecksum: migration.checksum)
            }
        }
    }

    static func statuses(known: [Migration], applied: [AppliedMigration]) -> [MigrationStatus] {
        let records = Dictionary(applied.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        var statuses = known.map { migration in
            guard let record = records[migration.version] else {
                return MigrationStatus(version: migration.version, name: migration.name, state: .pending)
            }
            let state: MigrationStatus.State = record.checksum == migration.checksum ? .applied : .changed
            return MigrationStatus(version: migration.version, name: migration.name, state: state, appliedAt: record.appliedDate)
        }
        let knownVersions = Set(known.map(\.version))
        for record in applied where !knownVersions.contains(record.version) {
            statuses.append(MigrationStatus(version: record.version, name: record.name, state: .missing, appliedAt: record.appliedDate))
        }
        return statuses.sorted { $0.version < $1.version }
    }
}
