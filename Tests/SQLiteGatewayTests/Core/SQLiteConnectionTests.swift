import CSQLite
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
}
