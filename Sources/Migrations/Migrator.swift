import Foundation

/// Brings a database's schema up to date with this build's migrations, and refuses to touch a
/// database whose history disagrees with them.
///
/// Applied migrations are recorded in `schema_migrations` with the checksum of their file, so an
/// edited or lost file is reported to the operator instead of leaving schemas silently divergent.
/// The database is reached through a `MigrationLedger`, one per dialect.
public struct Migrator: Sendable {
    private let ledger: any MigrationLedger
    /// The migrations this build knows, by increasing version.
    public let migrations: [Migration]
    private let now: @Sendable () -> Date

    /// A migrator for `migrations` (in any order) on `ledger`; throws
    /// `MigrationError.duplicateVersion` when two share a version.
    public init(ledger: any MigrationLedger, migrations: [Migration], now: @escaping @Sendable () -> Date = { Date() }) throws {
        let sorted = migrations.sorted { ($0.version, $0.name) < ($1.version, $1.name) }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.version == later.version {
            throw MigrationError.duplicateVersion(later.version, names: [earlier.name, later.name])
        }
        self.ledger = ledger
        self.migrations = sorted
        self.now = now
    }

    /// Every known migration and every applied one, by version.
    public func status() throws -> [MigrationStatus] {
        Self.statuses(known: migrations, applied: try ledger.appliedMigrations())
    }

    /// The known migrations not applied yet, in the order `migrate()` would apply them.
    public func pending() throws -> [Migration] {
        let applied = Set(try ledger.appliedMigrations().map(\.version))
        return migrations.filter { !applied.contains($0.version) }
    }

    /// Throws the first `MigrationError.changed` or `.missing` found, as `migrate()` would.
    public func validate() throws {
        try Self.validate(known: migrations, applied: ledger.appliedMigrations())
    }

    /// Validates, then applies every pending migration, each in its own transaction, and returns
    /// those it applied (none when the database is up to date).
    @discardableResult
    public func migrate() throws -> [Migration] {
        let applied = try ledger.prepare()
        try Self.validate(known: migrations, applied: applied)
        let appliedVersions = Set(applied.map(\.version))
        var done: [Migration] = []
        for migration in migrations where !appliedVersions.contains(migration.version) {
            // False when another process applied it meanwhile.
            if try ledger.apply(migration, appliedAt: now()) {
                done.append(migration)
            }
        }
        return done
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
