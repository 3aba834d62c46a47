import SQLRows
import Testing

@Suite("SQLColumnText")
struct SQLColumnTextTests {
    @Test("an insert numbers one parameter per column, in order")
    func insert() {
        #expect(SQLColumnText.insert(into: "notes", ["id", "note"]) == "INSERT INTO notes (id, note) VALUES (?1, ?2)")
    }

    @Test("an insert of several rows numbers on from one row to the next")
    func insertRows() {
        #expect(SQLColumnText.insert(into: "notes", ["id", "note"], rows: 2) == "INSERT INTO notes (id, note) VALUES (?1, ?2), (?3, ?4)")
        #expect(SQLColumnText.insert(into: "notes", ["id", "note"], rows: 1) == SQLColumnText.insert(into: "notes", ["id", "note"]))
    }

    @Test("assignments number their parameters from the one given")
    func assignments() {
        #expect(SQLColumnText.assignments(["note", "version"], from: 3) == "note = ?3, version = ?4")
        #expect(SQLColumnText.placeholders(from: 2, count: 3) == "?2, ?3, ?4")
    }
}
