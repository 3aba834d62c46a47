import CSQLite
import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import TestSupport
import Testing
@testable import SQLiteGateway

@Suite("Database")
struct DatabaseTests {
    // Extended result codes are function-like C macros, which Swift does not import.
    private static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
    private static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    private static let busySnapshot: Int32 = SQLITE_BUSY | (2 << 8)
    private static let ioErrorWrite: Int32 = SQLITE_IOERR | (3 << 8)

    private static let createItems = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"
    private static let insertItem = "INSERT INTO items (name) VALUES (?)"

    private func makeItemsDatabase(readerCount: Int = 4) throws -> TemporaryDatabase {
        let temporary = try TemporaryDatabase(migrated: false, readerCount: readerCount)
        try temporary.database.write { try $0.execute(Self.createItems) }
        return temporary
    }

    @Test("a write whose body throws is rolled back and the error rethrown")
    func failedWriteRollsBack() throws {
        let temporary = try makeItemsDatabase()
        try temporary.database.write { try $0.statement(Self.insertItem).run([.text("kept")]) }
        struct Abandon: Error {}

        #expect(throws: Abandon.self) {
            try temporary.database.write { connection in
                try connection.statement(Self.insertItem).run([.text("dropped")])
                throw Abandon()
            }
        }

        #expect(try temporary.count("items") == 1)
        // The writer is usable again: the transaction did not stay open.
        try temporary.database.write { try $0.statement(Self.insertItem).run([.text("after")]) }
        #expect(try temporary.count("items") == 2)
    }

    @Test("reads on several threads all succeed while a writer keeps writing")
    func concurrentReadsDuringWrites() throws {
        let temporary = try makeItemsDatabase(readerCount: 3)
        let database = temporary.database
        let failures = Locked<[String]>([])
        let counts = Locked<[Int]>([])

        Threads.run(count: 9) { worker in
            do {
                if worker == 0 {
                    for index in 0..<100 {
                        try database.write { try $0.statement(Self.insertItem).run([.text("item \(index)")]) }
                    }
                } else {
                    for _ in 0..<40 {
                        let count = try database.read { connection in
                            try connection.statement("SELECT count(*) FROM items").rows { $0.int(at: 0) }.first ?? -1
                        }
                        counts.withValue { $0.append(count) }
                    }
                }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }

        #expect(failures.current.isEmpty)
        #expect(counts.current.count == 8 * 40)
        #expect(counts.current.allSatisfy { (0...100).contains($0) })
        #expect(try temporary.count("items") == 100)
    }

    @Test("no more reads run at once than there are readers; the others wait and then succeed")
    func readerPoolIsBounded() throws {
        let temporary = try makeItemsDatabase(readerCount: 2)
        let database = temporary.database
        let running = Locked((now: 0, most: 0))
        let completed = Locked(0)

        Threads.run(count: 6) { _ in
            let finished = try? database.read { _ in
                running.withValue { $0.now += 1; $0.most = max($0.most, $0.now) }
                Thread.sleep(forTimeInterval: 0.05)
                running.withValue { $0.now -= 1 }
                return true
            }
            if finished == true { completed.withValue { $0 += 1 } }
        }

        #expect(completed.current == 6)
        #expect(running.current.most == 2)
    }

    @Test("the file is in WAL mode and foreign keys are enforced on every connection")
    func walAndForeignKeys() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let readerSettings = try temporary.database.read { connection in
            try connection.statement("PRAGMA journal_mode").rows { $0.string(at: 0) }
                + connection.statement("PRAGMA foreign_keys").rows { String($0.int(at: 0)) }
        }
        let writerSettings = try temporary.database.write { connection in
            try connection.statement("PRAGMA journal_mode").rows { $0.string(at: 0) }
                + connection.statement("PRAGMA foreign_keys").rows { String($0.int(at: 0)) }
        }

        #expect(readerSettings == ["wal", "1"])
        #expect(writerSettings == ["wal", "1"])
    }

    @Test("the configured synchronous level is applied", arguments: [
        (DatabaseConfiguration.Synchronous.full, 2), (.normal, 1), (.off, 0),
    ])
    func synchronousSetting(level: DatabaseConfiguration.Synchronous, pragmaValue: Int) throws {
        let temporary = try TemporaryDatabase(migrated: false, synchronous: level)
        let applied = try temporary.database.write { connection in
            try connection.statement("PRAGMA synchronous").rows { $0.int(at: 0) }
        }
        #expect(applied == [pragmaValue])
    }

    @Test("the busy timeout is applied in milliseconds")
    func busyTimeout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-sqlite-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = DatabaseConfiguration(path: folder.appendingPathComponent("a.sqlite").path, readerCount: 1, busyTimeout: .milliseconds(1500))
        let database = try Database(configuration: configuration)

        let timeout = try database.read { try $0.statement("PRAGMA busy_timeout").rows { $0.int(at: 0) } }

        #expect(timeout == [1500])
    }

    @Test("a unique-constraint violation is reported as GatewayError.conflict")
    func constraintViolationIsConflict() throws {
        let temporary = try makeItemsDatabase()
        try temporary.database.write { try $0.statement(Self.insertItem).run([.text("twice")]) }

        let error = #expect(throws: SQLiteError.self) {
            try temporary.database.write { try $0.statement(Self.insertItem).run([.text("twice")]) }
        }

        #expect(error?.code == SQLITE_CONSTRAINT)
        #expect(error?.extendedCode == Self.constraintUnique)
        guard case .conflict = error?.gatewayError else {
            Issue.record("expected .conflict, got \(String(describing: error?.gatewayError))")
            return
        }
    }

    @Test("SQLite result codes map to the gateway's kinds of failure", arguments: [
        (SQLITE_CONSTRAINT, "conflict"), (Self.constraintForeignKey, "conflict"), (SQLITE_BUSY, "unavailable"),
        (Self.busySnapshot, "unavailable"), (SQLITE_LOCKED, "unavailable"), (SQLITE_CANTOPEN, "unavailable"),
        (SQLITE_FULL, "unavailable"), (Self.ioErrorWrite, "unavailable"), (SQLITE_READONLY, "unavailable"),
        (SQLITE_NOMEM, "unavailable"), (SQLITE_CORRUPT, "failure"), (SQLITE_NOTADB, "failure"),
        (SQLITE_ERROR, "failure"), (SQLITE_MISUSE, "failure"),
    ])
    func resultCodeMapping(code: Int32, kind: String) {
        let mapped = SQLiteError(code: code, message: "secret detail", sql: "SELECT secret").gatewayError
        let actual = switch mapped {
        case .conflict: "conflict"
        case .unavailable: "unavailable"
        case .failure: "failure"
        case .quotaExceeded: "quota"
        }
        #expect(actual == kind)
    }

    @Test("statistics count every read and write and add up their time")
    func statisticsCountQueries() throws {
        let temporary = try makeItemsDatabase()
        let before = temporary.database.statistics

        try temporary.database.write { try $0.statement(Self.insertItem).run([.text("one")]) }
        _ = try temporary.database.read { try $0.statement("SELECT name FROM items").rows { $0.string(at: 0) } }
        _ = temporary.database.isAvailable()
        let after = temporary.database.statistics

        #expect(after.queries == before.queries + 3)
        #expect(after.seconds > before.seconds)
    }

    @Test("isAvailable is true for an open database")
    func isAvailable() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        #expect(temporary.database.isAvailable())
    }

    @Test("opening creates the missing folders of the path")
    func createsFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-sqlite-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("nested/deeper/app.sqlite").path

        _ = try Database(configuration: DatabaseConfiguration(path: path, readerCount: 1))

        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("an in-memory database is refused", arguments: [":memory:", "", "file::memory:"])
    func inMemoryRefused(path: String) {
        #expect(throws: SQLiteError.self) {
            _ = try Database(configuration: DatabaseConfiguration(path: path))
        }
    }

    @Test("readers are read-only")
    func readersAreReadOnly() throws {
        let temporary = try makeItemsDatabase()

        let error = #expect(throws: SQLiteError.self) {
            try temporary.database.read { try $0.statement(Self.insertItem).run([.text("sneaky")]) }
        }

        #expect(error?.code == SQLITE_READONLY)
        #expect(try temporary.count("items") == 0)
    }
}
