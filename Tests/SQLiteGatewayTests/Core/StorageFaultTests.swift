import CSQLite
import Domain
import Foundation
import SQLRows
import Testing
@testable import SQLiteGateway

/// Real storage faults on real temporary databases: each is refused as `unavailable` (503 with
/// `Retry-After` upstream), leaves nothing half-written, shows in readiness, and clears by itself
/// once its cause does.
@Suite("Database: storage faults")
struct StorageFaultTests {
    private static let createItems = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, payload BLOB)"
    private static let insertItem = "INSERT INTO items (name, payload) VALUES (?, zeroblob(?))"

    private func makeItemsDatabase() throws -> TemporaryDatabase {
        let temporary = try TemporaryDatabase(migrated: false, readerCount: 2, synchronous: .normal)
        try temporary.database.write { try $0.execute(Self.createItems) }
        try insert("kept", bytes: 10, into: temporary.database)
        return temporary
    }

    private func insert(_ name: String, bytes: Int, into database: Database) throws {
        try database.write { try $0.statement(Self.insertItem).run([.text(name), .integer(Int64(bytes))]) }
    }

    /// A two-statement transaction whose second statement needs many new pages.
    private func insertPair(into database: Database) throws {
        try database.write { connection in
            try connection.statement(Self.insertItem).run([.text("first half"), .integer(10)])
            try connection.statement(Self.insertItem).run([.text("second half"), .integer(256 * 1024)])
        }
    }

    private func names(_ database: Database) throws -> [String] {
        try database.read { try $0.statement("SELECT name FROM items ORDER BY id").rows { $0.string(at: 0) ?? "" } }
    }

    private func expectUnavailable(_ code: Int32, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected SQLite error \(code)")
        } catch let error as SQLiteError {
            #expect(error.code == code, "\(error)")
            guard case .unavailable = error.gatewayError else {
                Issue.record("expected .unavailable, got \(error.gatewayError)")
                return
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a full database (max_page_count) refuses the write as unavailable, keeps none of it, and recovers by itself")
    func databaseFull() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        #expect(database.isAvailable())
        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1") }  // clamps to the current size

        expectUnavailable(SQLITE_FULL) { try insertPair(into: database) }
        #expect(try names(database) == ["kept"], "the first half of the transaction was rolled back")
        #expect(!database.isAvailable(), "readiness reports the full database")
        #expect(!database.isAvailable(), "and keeps reporting it while it is full")
        #expect(database.currentStorageFault?.code == SQLITE_FULL)

        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1000000") }
        #expect(database.isAvailable(), "space came back: ready again without a restart")
        #expect(database.currentStorageFault == nil)
        try insertPair(into: database)
        #expect(try names(database) == ["kept", "first half", "second half"])
    }

    @Test("disk I/O errors on the write-ahead log refuse the write as unavailable, keep none of it, and clear when the file works again")
    func ioError() throws {
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        let fault = try WriteFault(path: database.configuration.path + "-wal")

        expectUnavailable(SQLITE_IOERR) { try insertPair(into: database) }
        #expect(!database.isAvailable(), "readiness reports the failing disk")

        fault.restore()
        #expect(database.isAvailable(), "the disk works again: ready without a restart")
        #expect(try names(database) == ["kept"], "nothing of the failed transaction was kept")
        try insertPair(into: database)
        #expect(try names(database) == ["kept", "first half", "second half"])
    }

    @Test("a read-only database refuses the write as unavailable and clears when it is writable again")
    func readOnly() throws {
        // Root ignores file modes, so the read-only state is SQLite's own: `query_only` refuses
        // every change with SQLITE_READONLY exactly as a read-only file does.
        let temporary = try makeItemsDatabase()
        let database = temporary.database
        try database.withWriter { try $0.execute("PRAGMA query_only = 1") }

        expectUnavailable(SQLITE_READONLY) { try insertPair(into: database) }
        #expect(try names(database) == ["kept"])
        #expect(!database.isAvailable())

        try database.withWriter { try $0.execute("PRAGMA query_only = 0") }
        #expect(database.isAvailable())
        try insertPair(into: database)
        #expect(try names(database).count == 3)
    }

    @Test("busy and locked are contention, not faults: readiness does not probe for them")
    func contentionIsNotAFault() throws {
        let temporary = try makeItemsDatabase()
        temporary.database.noteFault(SQLiteError(code: SQLITE_BUSY, message: "busy"))
        #expect(temporary.database.currentStorageFault == nil)
        temporary.database.noteFault(SQLiteError(code: SQLITE_CORRUPT, message: "corrupt"))
        #expect(temporary.database.currentStorageFault == nil, "corruption is not transient")
        temporary.database.noteFault(SQLiteError(code: SQLITE_FULL, message: "full"))
        #expect(temporary.database.currentStorageFault?.code == SQLITE_FULL)
    }
}
