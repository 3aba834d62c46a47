import CSQLite
import Foundation
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("SQLiteConnection and SQLiteStatement")
struct SQLiteConnectionTests {
    private static let createValues = "CREATE TABLE vals (t TEXT, i INTEGER, r REAL, b BLOB)"
    private static let insertValues = "INSERT INTO vals (t, i, r, b) VALUES (?, ?, ?, ?)"
    private static let selectValues = "SELECT t, i, r, b FROM vals"

    @Test("values round-trip exactly: empty text stays text, NULs and non-ASCII survive")
    func valuesRoundTrip() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let texts = ["", "plain", "nul\u{0}inside", "Zoë 😀 Ελληνικά", String(repeating: "x", count: 10_000)]

        let rows = try temporary.database.write { connection in
            try connection.execute(Self.createValues)
            for (index, text) in texts.enumerated() {
                try connection.statement(Self.insertValues).run([.text(text), .integer(Int64(index) - 1), .real(Double(index) / 4), .blob(Array(text.utf8))])
            }
            try connection.statement(Self.insertValues).run([.null, .null, .null, .blob([])])
            return try connection.statement(Self.selectValues).rows { row in
                (row.string(at: 0), row.int64(at: 1), row.double(at: 2), row.blob(at: 3), row.isNull(at: 0))
            }
        }

        #expect(rows.count == texts.count + 1)
        for (index, text) in texts.enumerated() {
            #expect(rows[index].0 == text)
            #expect(rows[index].1 == Int64(index) - 1)
            #expect(rows[index].2 == Double(index) / 4)
            #expect(rows[index].3 == Array(text.utf8))
        }
        let last = try #require(rows.last)
        #expect(last.0 == nil)
        #expect(last.4)
        #expect(last.3 == [])
    }

    @Test("the same SQL text gives back the cached statement, reset and with its bindings cleared")
    func statementCache() throws {
        let temporary = try TemporaryDatabase(migrated: false)

        try temporary.database.write { connection in
            let first = try connection.statement("SELECT ?")
            try first.bind([.text("bound")])
            #expect(try first.step())
            #expect(first.string(at: 0) == "bound")

            let second = try connection.statement("SELECT ?")
            #expect(first === second)
            #expect(try second.step())
            #expect(second.string(at: 0) == nil)
        }
    }

    @Test("more than one statement in a prepared SQL string is refused")
    func oneStatementOnly() throws {
        let temporary = try TemporaryDatabase(migrated: false)

        #expect(throws: SQLiteError.self) {
            try temporary.database.write { _ = try $0.statement("SELECT 1; SELECT 2") }
        }
        #expect(throws: SQLiteError.self) {
            try temporary.database.write { _ = try $0.statement("   ") }
        }
        try temporary.database.write { _ = try $0.statement("SELECT 1;  ") }
    }

    @Test("a syntax error names SQLite's message and the SQL")
    func syntaxError() throws {
        let temporary = try TemporaryDatabase(migrated: false)

        let error = #expect(throws: SQLiteError.self) {
            try temporary.database.write { _ = try $0.statement("SELEKT 1") }
        }

        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.sql == "SELEKT 1")
    }

    @Test("a read left mid-run does not keep its snapshot: the next read sees newer writes")
    func abandonedStatementIsReset() throws {
        let temporary = try TemporaryDatabase(migrated: false, readerCount: 1)
        try temporary.database.write { connection in
            try connection.execute("CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2)")
        }
        _ = try temporary.database.read { connection in
            let statement = try connection.statement("SELECT x FROM n")
            return try statement.step()
        }
        try temporary.database.write { try $0.execute("INSERT INTO n VALUES (3)") }

        let count = try temporary.database.read { try $0.statement("SELECT count(*) FROM n").rows { $0.int(at: 0) } }

        #expect(count == [3])
    }

    @Test("a remembered value is computed once while the database is unchanged, and again after any commit: another connection's or its own")
    func rememberedUntilTheDatabaseChanges() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        try temporary.database.write { try $0.execute("CREATE TABLE n (i INTEGER)") }
        let path = temporary.folder.appendingPathComponent("test.sqlite").path
        let reader = try SQLiteConnection(path: path, mode: .reader, configuration: DatabaseConfiguration(path: path))
        var computed = 0
        func remember(_ key: String = "k", on connection: SQLiteConnection) -> Int {
            connection.remembered(key) {
                computed += 1
                return computed
            }
        }
        _ = try reader.statement("SELECT count(*) FROM n").rows { $0.int(at: 0) }

        #expect(remember(on: reader) == 1)
        #expect(remember(on: reader) == 1)
        #expect(remember("other", on: reader) == 2)

        // Another connection commits; the reader sees it once it next reads.
        try temporary.database.write { try $0.execute("INSERT INTO n VALUES (1)") }
        _ = try reader.statement("SELECT count(*) FROM n").rows { $0.int(at: 0) }
        #expect(remember(on: reader) == 3)
        #expect(remember(on: reader) == 3)

        // A connection's own commit.
        let writer = try SQLiteConnection(path: path, mode: .writer, configuration: DatabaseConfiguration(path: path))
        #expect(remember(on: writer) == 4)
        try writer.execute("INSERT INTO n VALUES (2)")
        #expect(remember(on: writer) == 5)
        #expect(remember(on: writer) == 5)

        // Past the limit, everything is computed again.
        computed = 0
        _ = try reader.statement("SELECT count(*) FROM n").rows { $0.int(at: 0) }
        for index in 0 ..< SQLiteConnection.rememberedLimit { _ = remember("key \(index)", on: reader) }
        #expect(remember("key 0", on: reader) == 1)
        #expect(remember("one more", on: reader) == SQLiteConnection.rememberedLimit + 1)
        #expect(remember("key 0", on: reader) == SQLiteConnection.rememberedLimit + 2)
    }
}
