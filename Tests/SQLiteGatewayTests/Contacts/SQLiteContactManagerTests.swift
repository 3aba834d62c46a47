import Domain
import Foundation
import GatewayTestSupport
import Testing
@testable import SQLiteGateway

/// What the manager writes in SQLite's own columns; its behaviour is `ContactManagerContractTests`.
@Suite("SQLiteContactManager")
struct SQLiteContactManagerTests {
    private let temporary: TemporaryDatabase
    private let contacts: SQLiteContactManager
    private let alice = UserID("u_alice")

    init() throws {
        temporary = try TemporaryDatabase()
        contacts = SQLiteContactManager(database: temporary.database)
    }

    @Test("the sort name and the folded search texts are written from the contact")
    func sortNameWritten() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Grace", lastName: "HOPPER", email: "Grace@Example.ORG"))

        let stored = try temporary.database.read { connection in
            try connection.statement("SELECT sort_name, search_name, search_email, search_phone FROM contacts WHERE id = 'c_1'").rows {
                [$0.string(at: 0), $0.string(at: 1), $0.string(at: 2), $0.string(at: 3)]
            }
        }

        #expect(stored == [["hopper grace", "grace hopper", "grace@example.org", nil]])
    }

    @Test("a stored birthday that cannot be read maps to a nil birthday")
    func unreadableBirthday() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Grace", birthday: CalendarDate(year: 1906, month: 12, day: 9)))
        try temporary.database.write { try $0.execute("UPDATE contacts SET birthday = '1906-13-45' WHERE id = 'c_1'") }

        let fetched = try #require(try contacts.fetch(id: ContactID("c_1"), owner: alice))

        #expect(fetched.birthday == nil)
        #expect(fetched.firstName == "Grace")
    }
}
