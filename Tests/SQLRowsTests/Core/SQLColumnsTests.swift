import Domain
import Foundation
import SQLRows
import Testing

@Suite("SQLColumns")
struct SQLColumnsTests {
    /// Three columns of a made-up table, in row order.
    enum Column: Int32, SQLColumn {
        case id, note, created_at

        static var table: String { "notes" }
    }

    @Test("a column is read at its position, by its type")
    func readsByPosition() throws {
        let row = ValuesRow([.text("n_1"), .text("hello"), .integer(1_700_000_000_123)]).columns(Column.self)
        #expect(try row.required(.id, as: String.self) == "n_1")
        #expect(row.optional(.note, as: String.self) == "hello")
        #expect(try row.required(.created_at, as: Date.self) == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(try row.required(.created_at, as: Int64.self) == 1_700_000_000_123)
    }

    @Test("a NULL in a required column is a storage failure naming the column, never an empty value")
    func nullInRequiredColumn() {
        let row = ValuesRow([.null, .null, .null]).columns(Column.self)
        #expect(throws: GatewayError.failure("NULL in required column notes.id")) { try row.required(.id, as: String.self) }
        #expect(throws: GatewayError.failure("NULL in required column notes.created_at")) { try row.required(.created_at, as: Int64.self) }
        #expect(row.optional(.note, as: String.self) == nil)
        #expect(row.isNull(.note))
    }

    @Test("the select list names every column in row order, or the expression read in its place")
    func selectList() {
        #expect(Column.selectList == "id, note, created_at")
        #expect(UserRow.Column.selectList == "id, name, COALESCE(claimed_email, email), password_hash, created_at, email_verified_at")
    }
}
