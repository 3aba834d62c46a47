import GatewayTestSupport
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("ContactMatchPlaces")
struct ContactMatchPlacesTests {
    /// Rows in key order whose list order differs from it, with names where Swift's `<` and
    /// SQLite's byte order part ways, a name shared by two ids, and an empty name.
    static let rows: [(seq: Int64, name: String, id: String)] = [
        (1, "zz", "c_1"), (2, "é", "c_2"), (3, "e\u{301}", "c_3"), (4, "contact 9", "c_5"), (5, "contact 9", "c_4"),
        (6, "contact 90", "c_6"), (7, "", "c_7"), (8, "Contact 1", "c_8"), (9, "😀", "c_9"), (10, "contact 9 ", "c_10"),
    ]

    /// The rows read back through a statement, as a search reads its matches.
    private func places(_ rows: [(seq: Int64, name: String?, id: String?)]) throws -> (ContactMatchPlaces, appended: [Bool]) {
        let temporary = try TemporaryDatabase(migrated: false)
        return try temporary.database.write { connection in
            try connection.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, name TEXT, id TEXT)")
            for row in rows {
                try connection.statement("INSERT INTO t VALUES (?1, ?2, ?3)").run([.integer(row.seq), SQLValue(row.name), SQLValue(row.id)])
            }
            let statement = try connection.statement("SELECT seq, name, id FROM t ORDER BY seq")
            defer { statement.reset() }
            var places = ContactMatchPlaces()
            var appended: [Bool] = []
            while try statement.step() {
                appended.append(places.append(seq: statement.int64(at: 0), from: statement, nameColumn: 1, idColumn: 2))
            }
            return (places, appended)
        }
    }

    @Test("the first matches come in SQLite's list order (name, then id, as bytes), however few are asked for")
    func listOrder() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let expected = try temporary.database.write { connection in
            try connection.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, name TEXT NOT NULL, id TEXT NOT NULL)")
            for row in Self.rows {
                try connection.statement("INSERT INTO t VALUES (?1, ?2, ?3)").run([.integer(row.seq), .text(row.name), .text(row.id)])
            }
            return try connection.statement("SELECT seq FROM t ORDER BY name, id").rows { $0.int64(at: 0) }
        }
        let (places, appended) = try places(Self.rows.map { ($0.seq, $0.name, $0.id) })
        #expect(appended == Array(repeating: true, count: Self.rows.count))
        #expect(places.count == Self.rows.count)
        for limit in [1, 3, Self.rows.count, Self.rows.count + 5] {
            #expect(places.first(limit).map(\.seq) == Array(expected.prefix(limit)), "limit \(limit)")
        }
        #expect(places.first(Self.rows.count).map { places.id(of: $0) } == expected.map { seq in Self.rows.first { $0.seq == seq }!.id })
    }

    @Test("a row without a name or an id is refused and leaves the others' bytes as they were")
    func nullRefused() throws {
        let (places, appended) = try places([(1, "b", "c_1"), (2, nil, "c_2"), (3, "a", nil), (4, "a", "c_4")])
        #expect(appended == [true, false, false, true])
        #expect(places.count == 2)
        let first = places.first(2)
        #expect(first.map(\.seq) == [4, 1])
        #expect(first.map { places.id(of: $0) } == ["c_4", "c_1"])
    }
}
