import Foundation
import Migrations
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("Migrator")
struct MigratorTests {
    private static let fixedNow = Date(timeIntervalSince1970: 1_750_000_000.25)

    private func synthetic(_ files: [(String, String)]) throws -> [Migration] {
        try files.map { try Migration(name: $0.0, sql: $0.1) }
    }

    private func applied(_ temporary: TemporaryDatabase) throws -> [AppliedMigration] {
        try temporary.database.read { connection in
            try connection.statement("SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version").rows { row in
                AppliedMigration(version: row.int(at: 0), name: row.string(at: 1) ?? "", checksum: row.string(at: 2) ?? "", appliedAt: row.string(at: 3) ?? "")
            }
        }
    }

    private func tableNames(_ temporary: TemporaryDatabase) throws -> [String] {
        try temporary.database.read { connection in
            try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows { $0.string(at: 0) ?? "" }
        }
    }

    @Test("from an empty database, every embedded migration is applied and recorded with its checksum")
    func appliesEmbeddedMigrations() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let embedded = try Migration.embedded(.sqlite)
        let migrator = try Migrator(database: temporary.database, migrations: embedded, now: { Self.fixedNow })

        let done = try migrator.migrate()

        #expect(done == embedded)
        #expect(!embedded.isEmpty)
        let records = try applied(temporary)
        #expect(records.map(\.version) == embedded.map(\.version))
        #expect(records.map(\.name) == embedded.map(\.name))
        #expect(records.map(\.checksum) == embedded.map(\.checksum))
        #expect(records.allSatisfy { $0.appliedDate == Self.fixedNow })
        #expect(try tableNames(temporary).contains("contacts"))
    }

    @Test("the checksum is the lowercase hex SHA-256 of the file's bytes")
    func checksumIsSHA256() throws {
        let migration = try Migration(name: "0007_x.sql", sql: "abc")

        #expect(migration.version == 7)
        #expect(migration.checksum == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a second run is a no-op")
    func secondRunIsNoOp() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let migrator = try Migrator(database: temporary.database)
        try migrator.migrate()
        let before = try applied(temporary)

        let done = try migrator.migrate()

        #expect(done.isEmpty)
        #expect(try applied(temporary) == before)
        #expect(try migrator.pending().isEmpty)
    }

    @Test("a migration edited after it was applied stops migrate() with an operator message naming the file")
    func changedChecksumStops() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let migrations = try synthetic([("0001_first.sql", "CREATE TABLE first (x INTEGER);")])
        try Migrator(database: temporary.database, migrations: migrations).migrate()
        try temporary.database.write { try $0.execute("UPDATE schema_migrations SET checksum = 'abc123' WHERE version = 1") }
        let later = try synthetic([("0001_first.sql", "CREATE TABLE first (x INTEGER);"), ("0002_second.sql", "CREATE TABLE second (x INTEGER);")])
        let migrator = try Migrator(database: temporary.database, migrations: later)

        let error = #expect(throws: MigrationError.self) { try migrator.migrate() }

        #expect(error == .changed(name: "0001_first.sql", appliedChecksum: "abc123", currentChecksum: later[0].checksum))
        #expect(error?.description == "migration 0001_first.sql was changed after it was applied (checksum abc123 in the database, "
            + "\(later[0].checksum) in this build); restore it or add a new migration")
        #expect(throws: MigrationError.self) { try migrator.validate() }
        #expect(try !tableNames(temporary).contains("second"))
        #expect(try migrator.status().map(\.state) == [.changed, .pending])
    }

    @Test("an applied migration missing from this build stops migrate() naming it")
    func missingMigrationStops() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let both = try synthetic([("0001_first.sql", "CREATE TABLE first (x INTEGER);"), ("0002_second.sql", "CREATE TABLE second (x INTEGER);")])
        try Migrator(database: temporary.database, migrations: both).migrate()
        let older = try Migrator(database: temporary.database, migrations: [both[0]])

        let error = #expect(throws: MigrationError.self) { try older.migrate() }

        #expect(error == .missing(version: 2, name: "0002_second.sql"))
        #expect(error?.description.contains("migration 0002_second.sql (version 2)") == true)
        #expect(error?.description.contains("missing from this build") == true)
        #expect(throws: MigrationError.self) { try older.validate() }
        let status = try older.status()
        #expect(status.map(\.state) == [.applied, .missing])
        #expect(status.map(\.name) == ["0001_first.sql", "0002_second.sql"])
    }

    @Test("a failing migration leaves nothing of itself behind and earlier ones stay applied")
    func failingMigrationRollsBack() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let migrations = try synthetic([
            ("0001_good.sql", "CREATE TABLE good (x INTEGER); INSERT INTO good VALUES (1);"),
            ("0002_bad.sql", "CREATE TABLE half (x INTEGER); INSERT INTO good VALUES (2); THIS IS NOT SQL;"),
            ("0003_after.sql", "CREATE TABLE after (x INTEGER);"),
        ])
        let migrator = try Migrator(database: temporary.database, migrations: migrations)

        let error = #expect(throws: MigrationError.self) { try migrator.migrate() }

        guard case .failed(let name, _) = error else {
            Issue.record("expected .failed, got \(String(describing: error))")
            return
        }
        #expect(name == "0002_bad.sql")
        #expect(error?.description.hasPrefix("migration 0002_bad.sql failed and was rolled back") == true)
        #expect(try applied(temporary).map(\.version) == [1])
        let tables = try tableNames(temporary)
        #expect(tables.contains("good"))
        #expect(!tables.contains("half"))
        #expect(!tables.contains("after"))
        #expect(try temporary.count("good") == 1)
        #expect(try migrator.pending().map(\.version) == [2, 3])
    }

    @Test("status lists applied migrations with their time and pending ones without")
    func statusListsAppliedAndPending() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let first = try synthetic([("0001_first.sql", "CREATE TABLE first (x INTEGER);")])
        let both = first + (try synthetic([("0002_second.sql", "CREATE TABLE second (x INTEGER);")]))
        let migrator = try Migrator(database: temporary.database, migrations: both)
        #expect(try migrator.status() == [
            MigrationStatus(version: 1, name: "0001_first.sql", state: .pending),
            MigrationStatus(version: 2, name: "0002_second.sql", state: .pending),
        ])
        try Migrator(database: temporary.database, migrations: first, now: { Self.fixedNow }).migrate()

        let status = try migrator.status()

        #expect(status == [
            MigrationStatus(version: 1, name: "0001_first.sql", state: .applied, appliedAt: Self.fixedNow),
            MigrationStatus(version: 2, name: "0002_second.sql", state: .pending),
        ])
        #expect(try migrator.pending().map(\.name) == ["0002_second.sql"])
    }

    @Test("migrations apply in version order whatever order they are given in")
    func sortedByVersion() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let migrations = try synthetic([
            ("0010_ten.sql", "ALTER TABLE base ADD COLUMN ten INTEGER;"), ("0002_base.sql", "CREATE TABLE base (x INTEGER);"),
        ])

        let done = try Migrator(database: temporary.database, migrations: migrations).migrate()

        #expect(done.map(\.version) == [2, 10])
    }

    @Test("two migrations with one version are refused")
    func duplicateVersion() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let migrations = try synthetic([("0001_a.sql", "SELECT 1;"), ("001_b.sql", "SELECT 1;")])

        #expect(throws: MigrationError.duplicateVersion(1, names: ["0001_a.sql", "001_b.sql"])) {
            _ = try Migrator(database: temporary.database, migrations: migrations)
        }
    }

    @Test("a file name without a leading version is refused", arguments: [
        "create_contacts.sql", "0001create.sql", "0001_.sql", "0001_create.txt", "x001_create.sql", "_create.sql",
    ])
    func malformedName(name: String) {
        #expect(throws: MigrationError.malformedName(name)) {
            _ = try Migration(name: name, sql: "SELECT 1;")
        }
    }

    @Test("every .sql file of each dialect's folder is embedded with identical bytes, and nothing else is", arguments: MigrationDialect.allCases)
    func embeddedMatchesFolder(dialect: MigrationDialect) throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Migrations
            .deletingLastPathComponent()  // SQLiteGatewayTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package
            .appendingPathComponent("Migrations").appendingPathComponent(dialect.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        let onDisk = try names.map { name in
            (name, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        let embedded = EmbeddedMigrations.files(for: dialect)

        #expect(!onDisk.isEmpty)
        #expect(embedded.map(\.name) == onDisk.map(\.0))
        for (name, bytes) in onDisk {
            #expect(embedded.first { $0.name == name }?.sql == bytes, "\(name) differs from its embedded copy")
        }
        #expect(try Migration.embedded(dialect).map(\.name) == names)
    }

    @Test("a version both dialects have is the same migration by name, so `migrate --status` reads alike; each skips the other's own")
    func dialectsShareVersions() throws {
        let sqlite = try Migration.embedded(.sqlite)
        let postgres = try Migration.embedded(.postgres)
        let postgresNames = Dictionary(uniqueKeysWithValues: postgres.map { ($0.version, $0.name) })
        let sqliteNames = Dictionary(uniqueKeysWithValues: sqlite.map { ($0.version, $0.name) })

        #expect(Array(postgres.prefix(7)).map(\.name) == Array(sqlite.prefix(7)).map(\.name))
        for (version, name) in sqliteNames {
            #expect(postgresNames[version].map { $0 == name } ?? true, "version \(version): \(name) here, \(postgresNames[version] ?? "") in PostgreSQL")
        }
        // PostgreSQL's own: the login throttle and the per-user rates shared by instances
        // (SQLite's are in memory).
        #expect(postgres.map(\.name).filter { sqlite.map(\.name).contains($0) == false }
            == ["0008_login_failures.sql", "0009_login_attempts.sql", "0014_rate_windows.sql"])
        #expect(sqliteNames[8] == nil && sqliteNames[9] == nil && sqliteNames[14] == nil)
        // SQLite's own: its FTS5 index written once per transaction, and contact keys in list order
        // by bucket for it (PostgreSQL's trigram indexes are not FTS5).
        #expect(sqlite.map(\.name).filter { postgres.map(\.name).contains($0) == false }
            == ["0010_contact_search_pending.sql", "0011_contact_list_order.sql"])
        #expect(postgresNames[10] == nil && postgresNames[11] == nil)
        // Both again: the sessions' expiry index for the periodic purge, and the owners' contact
        // counts of the contact quota,
        // and the outbox with verified emails and one-time codes.
        for (version, name) in [(12, "0012_session_expiry.sql"), (13, "0013_user_contact_counts.sql"), (15, "0015_identity_outbox.sql")] {
            #expect(postgresNames[version] == name && sqliteNames[version] == name)
        }
    }

    /// `schema_migrations` as every released build recorded it, before the files moved to
    /// `Migrations/sqlite/`: the file name without a folder and the SHA-256 of its bytes.
    private static let releasedRecords = [
        (1, "0001_create_contacts.sql", "46e1b4c36152454b9e67afaaa601fb087affc32da38d9f870f212e2a600116f9"),
        (2, "0002_create_users_and_sessions.sql", "9d9b363027fe79e54584c23c50008d21882a4f2f3bdd14aca3363c361e8768d5"),
        (3, "0003_products_orders.sql", "b48132944a6ef9444135121b3dacab09e9d607aa20e39721c2c8709365b99f29"),
        (4, "0004_accounts_transactions.sql", "f47895175a871d0ea9f4104a0c244acb9239599158c1b946c07085bc82442e7c"),
        (5, "0005_transfers.sql", "8c9c213717a364d908022c2f828d1357c6262c0c2d438293eda24040f7573c0f"),
        (6, "0006_account_balances.sql", "5d67fc69cf6e7c1b30347a55b9b5bba44ecc7ac90b6b606662488f559e0a9792"),
        (7, "0007_contact_search.sql", "1879f5b426a4b1de02b153ea1d4b72eb439a313b5003bb8cfa00a84b9a2e74c6"),
    ]

    @Test("a database migrated before the per-dialect folders validates, with only the migrations released since to apply")
    func releasedDatabaseStaysValid() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        _ = try SQLiteMigrationLedger(database: temporary.database).prepare()
        try temporary.database.write { connection in
            for (version, name, checksum) in Self.releasedRecords {
                try connection.statement("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)")
                    .run([.integer(Int64(version)), .text(name), .text(checksum), .text("2025-06-15T15:06:40.250Z")])
            }
        }
        let migrator = try Migrator(database: temporary.database)

        try migrator.validate()

        let released = Self.releasedRecords.count
        #expect(try migrator.pending().map(\.name) == [
            "0010_contact_search_pending.sql", "0011_contact_list_order.sql", "0012_session_expiry.sql", "0013_user_contact_counts.sql",
            "0015_identity_outbox.sql",
            "0016_session_refresh.sql",
            "0017_pending_transfers.sql",
            "0018_event_tickets.sql",
            "0019_idempotency_transfers.sql",
            "0020_user_key_indexes.sql",
        ])
        #expect(try migrator.status().prefix(released).map(\.state) == Array(repeating: .applied, count: released))
    }
}
