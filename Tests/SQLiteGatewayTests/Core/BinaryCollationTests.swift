import GatewayTestSupport
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("BinaryCollation")
struct BinaryCollationTests {
    /// `BinaryCollation.compare` on the texts' bytes, as a search hands them over.
    static func compare(_ left: String, _ right: String) -> Int {
        Array(left.utf8).withUnsafeBytes { leftBytes in
            Array(right.utf8).withUnsafeBytes { rightBytes in BinaryCollation.compare(leftBytes, rightBytes) }
        }
    }

    /// Texts where Swift's `<` and SQLite's byte order part ways, or where a shortcut could slip:
    /// prefixes, empty text, bytes past 0x7F, precomposed against decomposed, NUL inside.
    static let texts = [
        "", "a", "A", "ab", "abc", "abd", "b", "Z", "é", "e\u{301}", "ée", "Ω", "😀", "\u{FFFD}",
        "a\u{0}", "a\u{0}b", "contact 9", "contact 90", "contact 9 ", "Contact 1", "zz", "~",
    ]

    @Test("orders every pair as SQLite's ORDER BY does, and calls equal texts equal")
    func agreesWithSQLite() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let sorted = try temporary.database.write { connection in
            try connection.execute("CREATE TABLE t (value TEXT NOT NULL)")
            for text in Self.texts { try connection.statement("INSERT INTO t VALUES (?1)").run([.text(text)]) }
            return try connection.statement("SELECT value FROM t ORDER BY value").rows { $0.string(at: 0) ?? "" }
        }
        #expect(Self.texts.sorted { Self.compare($0, $1) < 0 } == sorted)
        for left in Self.texts {
            for right in Self.texts {
                let order = Self.compare(left, right)
                #expect((order == 0) == left.utf8.elementsEqual(right.utf8), "\(left.debugDescription) \(right.debugDescription)")
                #expect((order < 0) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left.debugDescription) \(right.debugDescription)")
            }
        }
    }
}
