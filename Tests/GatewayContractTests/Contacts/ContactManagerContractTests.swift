import Domain
import Foundation
import GatewayTestSupport
import Testing

/// Each test keeps its store alive to its end (`withExtendedLifetime`): a store removes its
/// files when it goes.
@Suite("ContactManager contract")
struct ContactManagerContractTests {
    private let alice = UserID("u_alice")
    private let bob = UserID("u_bob")

    private func allPages(_ contacts: any ContactManager, owner: UserID, query: String? = nil, limit: Int) throws -> [[ContactSummary]] {
        var pages: [[ContactSummary]] = []
        var cursor: ContactCursor?
        while true {
            let page = try contacts.list(owner: owner, matching: query, after: cursor, limit: limit)
            guard let last = page.last else { return pages }
            pages.append(page)
            cursor = ContactCursor(sortName: last.sortName, id: last.id)
        }
    }

    private func ids(_ contacts: any ContactManager, _ query: String) throws -> [String] {
        try contacts.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
    }

    @Test("a contact with every field set comes back identical, dates to the millisecond", arguments: Backend.allCases)
    func roundTripFull(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let birthday = try #require(CalendarDate(year: 1984, month: 2, day: 29))
        let contact = Contact.fixture(
            id: "c_full", firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "+44 20 7946 0000",
            birthday: birthday,
            address: PostalAddress(street: "12 St James's Square", street2: "Flat 1", city: "London", province: "Greater London", postalCode: "SW1Y 4JH", country: "GB"),
            version: 3)

        try contacts.insert(contact)
        let fetched = try contacts.fetch(id: contact.id, owner: alice)

        #expect(fetched == contact)
    }

    @Test("a contact with only a name keeps every other field nil", arguments: Backend.allCases)
    func roundTripMinimal(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let contact = Contact.fixture(id: "c_min", lastName: "Hopper")

        try contacts.insert(contact)

        #expect(try contacts.fetch(id: contact.id, owner: alice) == contact)
    }

    @Test("text beyond ASCII, quotes and backslashes come back byte for byte", arguments: Backend.allCases)
    func roundTripText(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let contact = Contact.fixture(
            id: "c_text", firstName: "Zoë 😀 'single' \"double\"", lastName: #"back\slash $1 %_"#, email: "ФЁДОР@пример.рф",
            address: PostalAddress(street: "Cafe\u{301} (NFD)", city: "東京"))

        try contacts.insert(contact)

        #expect(try contacts.fetch(id: contact.id, owner: alice) == contact)
    }

    @Test("fetching another owner's contact, or a missing one, returns nil", arguments: Backend.allCases)
    func fetchScopedToOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_1", firstName: "Ada"))

        #expect(try contacts.fetch(id: ContactID("c_1"), owner: bob) == nil)
        #expect(try contacts.fetch(id: ContactID("c_none"), owner: alice) == nil)
    }

    @Test("25 contacts, some with equal sort names, page by 10 in (sortName, id) order without gaps or duplicates", arguments: Backend.allCases)
    func paginates(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        var inserted: [Contact] = []
        for index in 0..<25 {
            // Every fifth contact shares one name, so the id breaks the tie.
            let lastName = index % 5 == 0 ? "Smith" : "Name\(String(format: "%02d", (index * 7) % 25))"
            let contact = Contact.fixture(id: "c_\(String(format: "%02d", (index * 11) % 25))", firstName: "Jo", lastName: lastName)
            inserted.append(contact)
            try contacts.insert(contact)
        }
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Jo", lastName: "Aaron"))

        let pages = try allPages(contacts, owner: alice, limit: 10)

        #expect(pages.map(\.count) == [10, 10, 5])
        let listed = pages.flatMap { $0 }
        let expected = inserted.sorted { ($0.sortName, $0.id.rawValue) < ($1.sortName, $1.id.rawValue) }
        #expect(listed == expected.map(ContactSummary.init))
        #expect(Set(listed.map(\.id)).count == 25)
    }

    @Test("the list is in code point order, whatever the server's locale: capitals, accents, punctuation, emoji", arguments: Backend.allCases)
    func codePointOrder(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        // Sort names are lowercased by Swift, so the order is decided by what locales disagree on:
        // accents, punctuation, spaces, digits and scripts against ASCII.
        let names = ["émile", "eve", "zed", "o'brien", "ob rien", "obrien", "ørsted", "10", "9", "_under", "😀", "ádám", "adam", "a-b", "ab", "李"]
        for (index, name) in names.enumerated() {
            try contacts.insert(.fixture(id: "c_\(String(format: "%02d", index))", lastName: name))
        }

        let listed = try allPages(contacts, owner: alice, limit: 4).flatMap { $0 }.map(\.sortName)

        // Swift compares Strings by canonical equivalence, which for these NFC names is code point order.
        #expect(listed == names.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) })
    }

    @Test("a page never contains another owner's contacts", arguments: Backend.allCases)
    func listScopedToOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_a", owner: "u_alice", firstName: "Ann"))
        try contacts.insert(.fixture(id: "c_b", owner: "u_bob", firstName: "Ann"))

        #expect(try contacts.list(owner: alice, matching: nil, after: nil, limit: 10).map(\.id.rawValue) == ["c_a"])
        #expect(try contacts.list(owner: alice, matching: "ann", after: nil, limit: 10).map(\.id.rawValue) == ["c_a"])
        #expect(try contacts.list(owner: UserID("u_nobody"), matching: nil, after: nil, limit: 10).isEmpty)
    }

    @Test("search matches first, last and full name, email and phone, case-insensitively, in list order", arguments: Backend.allCases)
    func searchMatchesFields(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_ada", firstName: "Ada", lastName: "Lovelace", email: "ada@analytical.org"))
        try contacts.insert(.fixture(id: "c_grace", firstName: "Grace", lastName: "Hopper", phone: "+1 555 0199"))
        try contacts.insert(.fixture(id: "c_alan", firstName: "Alan", lastName: "Turing", email: "alan@bletchley.uk"))
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Ada", lastName: "Lovelace"))

        #expect(try ids(contacts, "ada") == ["c_ada"])
        #expect(try ids(contacts, "HOPP") == ["c_grace"])
        #expect(try ids(contacts, "ada love") == ["c_ada"])
        #expect(try ids(contacts, "grace hopper") == ["c_grace"])
        #expect(try ids(contacts, "BLETCHLEY") == ["c_alan"])
        #expect(try ids(contacts, "555 01") == ["c_grace"])
        #expect(try ids(contacts, "a") == ["c_grace", "c_ada", "c_alan"])
        #expect(try ids(contacts, "nobody") == [])
        #expect(try ids(contacts, "") == ["c_grace", "c_ada", "c_alan"])
    }

    @Test("search treats %, _ and \\ literally", arguments: Backend.allCases)
    func searchEscapesWildcards(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_percent", firstName: "100% Real"))
        try contacts.insert(.fixture(id: "c_under", firstName: "snake_case"))
        try contacts.insert(.fixture(id: "c_slash", firstName: #"back\slash"#))
        try contacts.insert(.fixture(id: "c_plain", firstName: "snakeXcase 1000 Real backslash"))

        #expect(try ids(contacts, "%") == ["c_percent"])
        #expect(try ids(contacts, "0% R") == ["c_percent"])
        #expect(try ids(contacts, "_") == ["c_under"])
        #expect(try ids(contacts, "e_c") == ["c_under"])
        #expect(try ids(contacts, #"\"#) == ["c_slash"])
        #expect(try ids(contacts, #"k\s"#) == ["c_slash"])
        // Three or more characters go to the trigram index, where the escaping matters most.
        #expect(try ids(contacts, "e_cas") == ["c_under"])
        #expect(try ids(contacts, #"ck\sl"#) == ["c_slash"])
        #expect(try ids(contacts, "%%%") == [])
        #expect(try ids(contacts, "___") == [])
        // A wildcard followed by a combining mark is still escaped (it is its own scalar): an
        // unescaped "%" would match the accent in "Café" written with U+0301.
        try contacts.insert(.fixture(id: "c_accent", firstName: "Cafe\u{301}"))
        #expect(try ids(contacts, "%\u{301}").isEmpty)
    }

    @Test("search resumes after a cursor like a plain list", arguments: Backend.allCases)
    func searchPaginates(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        for index in 0..<7 {
            try contacts.insert(.fixture(id: "c_\(index)", firstName: "Match", lastName: "Person \(index)"))
            try contacts.insert(.fixture(id: "c_x\(index)", firstName: "Other", lastName: "Person \(index)"))
        }

        let pages = try allPages(contacts, owner: alice, query: "match", limit: 3)

        #expect(pages.map(\.count) == [3, 3, 1])
        #expect(pages.flatMap { $0 }.map(\.id.rawValue) == (0..<7).map { "c_\($0)" })
    }

    @Test("update with the stored version succeeds and stores the new fields and version", arguments: Backend.allCases)
    func updateWithCurrentVersion(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let original = Contact.fixture(id: "c_1", firstName: "Ada", lastName: "Byron", email: "ada@example.org")
        try contacts.insert(original)
        var changed = original
        changed.lastName = "Lovelace"
        changed.email = nil
        changed.birthday = CalendarDate(year: 1815, month: 12, day: 10)
        changed.address.city = "London"
        changed.updatedAt = Date(timeIntervalSince1970: 1_800_000_000.789)
        changed.version = 2

        #expect(try contacts.update(changed, expectedVersion: 1))

        let stored = try #require(try contacts.fetch(id: original.id, owner: alice))
        #expect(stored == changed)
        #expect(stored.createdAt == original.createdAt)
        #expect(try contacts.list(owner: alice, matching: nil, after: nil, limit: 10).first?.sortName == "lovelace ada")
        #expect(try ids(contacts, "ada love") == ["c_1"])
        #expect(try ids(contacts, "byron") == [])
        #expect(try ids(contacts, "ada@") == [])
    }

    @Test("update with a stale version returns false and changes nothing", arguments: Backend.allCases)
    func updateWithStaleVersion(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let original = Contact.fixture(id: "c_1", firstName: "Ada", version: 2)
        try contacts.insert(original)
        var changed = original
        changed.firstName = "Changed"
        changed.version = 3

        #expect(try !contacts.update(changed, expectedVersion: 1))
        #expect(try contacts.fetch(id: original.id, owner: alice) == original)
        #expect(try ids(contacts, "changed") == [])
    }

    @Test("of two updates holding the same version, only the first is stored", arguments: Backend.allCases)
    func secondUpdateOfSameVersionLoses(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let original = Contact.fixture(id: "c_1", firstName: "Ada")
        try contacts.insert(original)
        var first = original
        first.firstName = "First"
        first.version = 2
        var second = original
        second.firstName = "Second"
        second.version = 2

        #expect(try contacts.update(first, expectedVersion: 1))
        #expect(try !contacts.update(second, expectedVersion: 1))
        #expect(try contacts.fetch(id: original.id, owner: alice) == first)
    }

    @Test("update of another owner's or a missing contact returns false", arguments: Backend.allCases)
    func updateOtherOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let original = Contact.fixture(id: "c_1", firstName: "Ada")
        try contacts.insert(original)
        var stolen = original
        stolen.ownerID = bob
        stolen.firstName = "Mallory"
        stolen.version = 2

        #expect(try !contacts.update(stolen, expectedVersion: 1))
        #expect(try !contacts.update(.fixture(id: "c_none", firstName: "X", version: 2), expectedVersion: 1))
        #expect(try contacts.fetch(id: original.id, owner: alice) == original)
    }

    @Test("delete removes the owner's contact once; another owner cannot delete it", arguments: Backend.allCases)
    func deleteScopedToOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_1", firstName: "Ada"))

        #expect(try !contacts.delete(id: ContactID("c_1"), owner: bob, at: Date(timeIntervalSince1970: 1_795_000_000)))
        #expect(try contacts.fetch(id: ContactID("c_1"), owner: alice) != nil)
        #expect(try contacts.delete(id: ContactID("c_1"), owner: alice, at: Date(timeIntervalSince1970: 1_795_000_000)))
        #expect(try contacts.fetch(id: ContactID("c_1"), owner: alice) == nil)
        #expect(try !contacts.delete(id: ContactID("c_1"), owner: alice, at: Date(timeIntervalSince1970: 1_795_000_000)))
        #expect(try ids(contacts, "ada") == [])
    }

    @Test("a contact without any name violates the CHECK constraint: GatewayError.conflict", arguments: Backend.allCases)
    func nameCheckIsConflict(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let error = #expect(throws: GatewayError.self) {
            try contacts.insert(.fixture(id: "c_nameless", email: "nobody@example.org"))
        }

        guard case .conflict = error else {
            Issue.record("expected .conflict, got \(String(describing: error))")
            return
        }
        #expect(try contacts.fetch(id: ContactID("c_nameless"), owner: alice) == nil)
    }

    @Test("inserting an id twice is GatewayError.conflict", arguments: Backend.allCases)
    func duplicateIDIsConflict(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_1", firstName: "Ada"))

        let error = #expect(throws: GatewayError.self) {
            try contacts.insert(.fixture(id: "c_1", firstName: "Other"))
        }

        guard case .conflict = error else {
            Issue.record("expected .conflict, got \(String(describing: error))")
            return
        }
        #expect(try contacts.fetch(id: ContactID("c_1"), owner: alice)?.firstName == "Ada")
    }

    @Test("a contact of an owner who does not exist is GatewayError.conflict", arguments: Backend.allCases)
    func unknownOwnerIsConflict(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let error = #expect(throws: GatewayError.self) {
            try contacts.insert(.fixture(id: "c_1", owner: "u_ghost", firstName: "Ada"))
        }

        guard case .conflict = error else {
            Issue.record("expected .conflict, got \(String(describing: error))")
            return
        }
    }

    @Test("a limit of zero returns nothing", arguments: Backend.allCases)
    func zeroLimit(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_1", firstName: "Ada"))

        #expect(try contacts.list(owner: alice, matching: nil, after: nil, limit: 0).isEmpty)
        #expect(try contacts.list(owner: alice, matching: "ada", after: nil, limit: 0).isEmpty)
    }
}
