import Domain
import Foundation
import GatewayTestSupport
import SQLRows
import Testing
@testable import PostgresGateway
@testable import SQLiteGateway

/// Each test keeps its store alive to its end (`withExtendedLifetime`): a store removes its
/// files when it goes.
@Suite("ContactManager search contract")
struct ContactSearchContractTests {
    private let alice = UserID("u_alice")

    /// The store's contact manager. PostgreSQL's reads `windowSize` contacts in list order before
    /// it turns to its index: 0 sends every search of three or more characters to the index.
    /// SQLite's has no window: its index yields matches in list order (`SQLiteContactOrder`).
    private func contacts(_ store: Store, windowSize: Int) throws -> any ContactManager {
        switch store.gateway {
        case let gateway as SQLiteEntityGateway: SQLiteContactManager(database: gateway.database)
        case let gateway as PostgresEntityGateway: PostgresContactManager(database: gateway.database, windowSize: windowSize)
        default: throw GatewayError.failure("no contact manager with a window for \(store.backend)")
        }
    }

    private func ids(_ contacts: any ContactManager, _ query: String, owner: UserID? = nil) throws -> [String] {
        try contacts.list(owner: owner ?? alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
    }

    /// The contract written out by hand: a folded substring of "first last", email or phone.
    private static func reference(_ contacts: [Contact], _ query: String) -> [Contact] {
        let needle = Array(SearchFolding.fold(query).utf8)
        func contains(_ text: String?) -> Bool {
            guard let text else { return false }
            let haystack = Array(SearchFolding.fold(text).utf8)
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        return contacts.filter { contains([$0.firstName, $0.lastName].compactMap { $0 }.joined(separator: " ")) || contains($0.email) || contains($0.phone) }
            .sorted { ($0.sortName, $0.id.rawValue) < ($1.sortName, $1.id.rawValue) }
    }

    @Test("case-insensitive beyond ASCII: ZOË finds Zoë, STRASSE finds Straße, Greek and Cyrillic fold", arguments: Backend.allCases)
    func unicodeCaseFolding(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        try contacts.insert(.fixture(id: "c_zoe", firstName: "Zoë", lastName: "Kravitz"))
        try contacts.insert(.fixture(id: "c_zoe_nfd", firstName: "Zoe\u{308}", lastName: "Saldaña"))
        try contacts.insert(.fixture(id: "c_strasse", firstName: "Anna", lastName: "Straße"))
        try contacts.insert(.fixture(id: "c_greek", firstName: "Οδυσσεύς", lastName: "Λαέρτιος"))
        try contacts.insert(.fixture(id: "c_cyrillic", firstName: "Фёдор", lastName: "Достоевский", email: "FËDOR@пример.РФ"))

        #expect(try ids(contacts, "ZOË") == ["c_zoe", "c_zoe_nfd"])
        #expect(try ids(contacts, "zoe\u{308}") == ["c_zoe", "c_zoe_nfd"])
        #expect(try ids(contacts, "STRASSE") == ["c_strasse"])
        #expect(try ids(contacts, "straße") == ["c_strasse"])
        #expect(try ids(contacts, "ΟΔΥΣΣΕΎΣ") == ["c_greek"])
        #expect(try ids(contacts, "ΣΣ") == ["c_greek"])
        #expect(try ids(contacts, "ДОСТОЕВ") == ["c_cyrillic"])
        #expect(try ids(contacts, "ёдор дос") == ["c_cyrillic"])
        #expect(try ids(contacts, "пример.рф") == ["c_cyrillic"])
        #expect(try ids(contacts, "Zoe") == [])
    }

    @Test("a few hundred mixed-script contacts: every query returns what the reference filter returns, page by page", arguments: Backend.allCases)
    func matchesReference(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let firsts = ["Zoë", "ZOE", "Ärne", "Straße", "Οδυσσεύς", "ΣΊΣΥΦΟΣ", "Фёдор", "ИВАН", "İlker", "Iñaki", "李", "😀 Smile",
                      "100% Real", "snake_case", #"back\slash"#, "\"Quoted\"", "NEAR(x)", "OR", "Cafe\u{301}", nil]
        let lasts = ["Łukasz", "Müller", "MÜLLER", "Ørsted", "Σωκράτης", "Достоевский", "Dupont", "d'Artagnan", "Ng", nil]
        var all: [Contact] = []
        for index in 0..<300 {
            var first = firsts[index % firsts.count]
            let last = lasts[(index * 7) % lasts.count]
            if first == nil && last == nil { first = "Solo" }
            let contact = Contact.fixture(
                id: "c_\(String(format: "%03d", (index * 37) % 300))", firstName: first, lastName: last,
                email: index % 3 == 0 ? "user\(index)@ÉXAMPLE.com" : nil, phone: index % 4 == 0 ? "+1 555 01\(index % 10)" : nil)
            all.append(contact)
            try store.gateway.contacts.insert(contact)
        }
        try store.gateway.contacts.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Zoë", lastName: "Müller"))
        let queries = ["zoë", "ZOË", "o", "Ü", "ss", "STRASSE", "σ", "ΣΟΚ", "ёд", "i", "İ", "I", "😀", "e\u{301}", "\u{301}", "%", "_",
                       #"\"#, "\"", "NEAR(", "OR", "*", "a", "ék", "@éxample", "555 01", "user1", "Ng", "nothing at all",
                       "ller", "MÜLLER", "zoë kr", "ë łu", "Σωκρ", "\"quo", "d'art", "ack\\sl", "(x) ", "e\u{301} ", "😀 sm",
                       "0% r", "e_ca", "%_\\", "'"]
        // A window of 0 sends every search of three or more characters to the index; 3 mixes both
        // paths across pages; the default answers common terms from the window.
        for windowSize in [0, 3, 2_000] {
            let manager = try contacts(store, windowSize: windowSize)
            for query in queries {
                let expected = Self.reference(all, query)
                var listed: [ContactSummary] = []
                var cursor: ContactCursor?
                while true {
                    let page = try manager.list(owner: alice, matching: query, after: cursor, limit: 7)
                    guard let last = page.last else { break }
                    listed += page
                    cursor = ContactCursor(sortName: last.sortName, id: last.id)
                }
                #expect(listed.map(\.id) == expected.map(\.id), "q=\(query) window=\(windowSize)")
            }
        }
        #expect(Self.reference(all, "zoë").count > 10)
    }

    @Test("renaming, changing email or phone, and deleting change what the index finds", arguments: Backend.allCases)
    func updatesAndDeletesKeepIndexInStep(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let indexed = try self.contacts(store, windowSize: 0)
        try contacts.insert(.fixture(id: "c_1", firstName: "Jürgen", lastName: "Habermas", email: "JH@example.org", phone: "+49 30 1234"))
        try contacts.insert(.fixture(id: "c_2", firstName: "Hannah", lastName: "Arendt"))
        #expect(try ids(indexed, "JÜRGEN HAB") == ["c_1"])

        let renamed = Contact.fixture(id: "c_1", firstName: "Theodor", lastName: "Adorno", email: "ta@example.org", phone: "+49 69 777", version: 2)
        #expect(try contacts.update(renamed, expectedVersion: 1))
        #expect(try ids(indexed, "jürgen") == [])
        #expect(try ids(indexed, "habermas") == [])
        #expect(try ids(indexed, "jh@") == [])
        #expect(try ids(indexed, "1234") == [])
        #expect(try ids(indexed, "THEODOR") == ["c_1"])
        #expect(try ids(indexed, "ta@ex") == ["c_1"])
        #expect(try ids(indexed, "69 777") == ["c_1"])
        #expect(try ids(indexed, "dor ado") == ["c_1"])

        // An update that loses its version race changes nothing, the index included.
        let stale = Contact.fixture(id: "c_1", firstName: "Walter", lastName: "Benjamin", version: 2)
        #expect(try !contacts.update(stale, expectedVersion: 1))
        #expect(try ids(indexed, "walter") == [])
        #expect(try ids(indexed, "theodor") == ["c_1"])

        #expect(try contacts.delete(id: ContactID("c_1"), owner: alice, at: Date(timeIntervalSince1970: 1_795_000_000)))
        #expect(try ids(indexed, "theodor") == [])
        #expect(try ids(indexed, "example") == [])
        #expect(try ids(indexed, "arendt") == ["c_2"])

        // A deleted contact's place may be reused; the new contact must not inherit its texts.
        try contacts.insert(.fixture(id: "c_3", firstName: "Simone", lastName: "Weil"))
        #expect(try ids(indexed, "theodor") == [])
        #expect(try ids(indexed, "simone") == ["c_3"])
    }

    @Test("another owner's contacts are never found through the index", arguments: Backend.allCases)
    func indexRespectsOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let indexed = try contacts(store, windowSize: 0)
        try indexed.insert(.fixture(id: "c_a", firstName: "Shared", lastName: "Name"))
        try indexed.insert(.fixture(id: "c_b", owner: "u_bob", firstName: "Shared", lastName: "Name"))
        #expect(try ids(indexed, "shared") == ["c_a"])
        #expect(try ids(indexed, "shared", owner: UserID("u_bob")) == ["c_b"])
        #expect(try ids(indexed, "shared", owner: UserID("u_nobody")) == [])
    }

    @Test("query syntax of either backend in q (FTS5 operators, LIKE wildcards, SQL quotes) is only text to find", arguments: Backend.allCases)
    func querySyntaxIsText(backend: Backend) throws {
        let store = try backend.makeStore()
        defer { withExtendedLifetime(store) {} }
        let names = [#"Say "Hi" now"#, "Star*gazer", "Either OR Or", "NEAR(pair)", "Dash-ed", "Co:lon", "^Caret", "Plain Person", "AND NOT",
                     "O'Hara; DROP", "50%_off"]
        for (index, name) in names.enumerated() {
            try store.gateway.contacts.insert(.fixture(id: "c_\(index)", lastName: name))
        }
        let queries: [(String, [String])] = [
            (#""hi""#, ["c_0"]), (#"""#, ["c_0"]), (#"y "h"#, ["c_0"]), ("r*g", ["c_1"]), ("*", ["c_1"]), ("ar*", ["c_1"]),
            ("r or", ["c_2"]), ("OR", ["c_2"]), ("OR or", ["c_2"]), ("NEAR(", ["c_3"]), ("near(pair)", ["c_3"]), ("NEAR(a b)", []),
            ("h-e", ["c_4"]), ("-ed", ["c_4"]), ("-", ["c_4"]), ("o:l", ["c_5"]), ("co:", ["c_5"]), (":", ["c_5"]), ("^ca", ["c_6"]),
            ("^", ["c_6"]), ("and not", ["c_8"]), ("NOT", ["c_8"]), ("plain AND person", []), ("{search_name}: plain", []),
            ("search_name:plain", []), (#"" OR "plain"#, []), (")", ["c_3"]), ("(", ["c_3"]),
            ("'", ["c_9"]), ("o'h", ["c_9"]), ("a; dr", ["c_9"]), ("' OR '1'='1", []), ("%_o", ["c_10"]), ("0%_", ["c_10"]),
            ("%o%", []), ("5_%", []), ("$1", []),
        ]
        for windowSize in [0, 2_000] {
            let manager = try contacts(store, windowSize: windowSize)
            for (query, expected) in queries {
                let found = try manager.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
                #expect(found == expected, "q=\(query) window=\(windowSize)")
            }
        }
    }
}
