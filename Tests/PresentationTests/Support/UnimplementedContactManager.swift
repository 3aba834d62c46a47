import Domain
import Testing

/// A ContactManager that fails the test when touched: input a Presenter refuses must never
/// reach storage.
struct UnimplementedContactManager: ContactManager {
    func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [Contact] {
        Issue.record("list called")
        return []
    }

    func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        Issue.record("fetch called")
        return nil
    }

    func insert(_ contact: Contact) throws { Issue.record("insert called") }

    func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        Issue.record("update called")
        return false
    }

    func delete(id: ContactID, owner: UserID) throws -> Bool {
        Issue.record("delete called")
        return false
    }
}

/// The fixed pieces a presenter test needs.
enum Fixture {
    static let owner = UserID("u1")
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    static func contact(first: String? = "Charlie", last: String? = "Brown", version: Int = 1) -> ContactPresentationModel {
        ContactPresentationModel(Contact(
            id: ContactID("c_1"), ownerID: owner, firstName: first, lastName: last, email: "charlie@example.com",
            birthday: CalendarDate(year: 1950, month: 10, day: 2), address: PostalAddress(city: "Toronto"),
            createdAt: created, updatedAt: created, version: version))
    }
}

import Foundation
