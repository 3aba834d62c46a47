import Domain
import Foundation
import Migrations
import Testing
@testable import SQLiteGateway

@Suite("SQLiteContactManager search")
struct SQLiteContactSearchTests {
    private let temporary: TemporaryDatabase
    private let contacts: SQLiteContactManager
    private let alice = UserID("u_alice")

    init() throws {
        temporary = try TemporaryDatabase()
        contacts = SQLiteContactManager(database: temporary.database)
    }

    private func ids(_ query: String) throws -> [String] {
        try contacts.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
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

    @Test("case-insensitive beyond ASCII: ZOË finds Zoë, STRASSE finds Straße, Greek and Cyrillic fold")
    func unicodeCaseFolding() throws {
        try contacts.insert(.fixture(id: "c_zoe", firstName: "Zoë", lastName: "Kravitz"))
        try contacts.insert(.fixture(id: "c_zoe_nfd", firstName: "Zoe\u{308}", lastName: "Saldaña"))
        try contacts.insert(.fixture(id: "c_strasse", firstName: "Anna", lastName: "Straße"))
        try contacts.insert(.fixture(id: "c_greek", firstName: "Οδυσσεύς", lastName: "Λαέρτιος"))
        try contacts.insert(.fixture(id: "c_cyrillic", firstName: "Фёдор", lastName: "Достоевский", email: "FËDOR@пример.РФ"))

        #expect(try ids("ZOË") == ["c_zoe", "c_zoe_nfd"])
        #expect(try ids("zoe\u{308}") == ["c_zoe", "c_zoe_nfd"])
        #expect(try ids("STRASSE") == ["c_strasse"])
        #expect(try ids("straße") == ["c_strasse"])
        #expect(try ids("ΟΔΥΣΣΕΎΣ") == ["c_greek"])
        #expect(try ids("ΣΣ") == ["c_greek"])
        #expect(try ids("ДОСТОЕВ") == ["c_cyrillic"])
        #expect(try ids("ёдор дос") == ["c_cyrillic"])
        #expect(try ids("пример.рф") == ["c_cyrillic"])
        #expect(try ids("Zoe") == [])
    }

    @Test("a few hundred mixed-script contacts: every query returns what the reference filter returns, page by page")
    func matchesReference() throws {
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
            try contacts.insert(contact)
        }
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", firstName: "Zoë", lastName: "Müller"))
        let queries = ["zoë", "ZOË", "o", "Ü", "ss", "STRASSE", "σ", "ΣΟΚ", "ёд", "i", "İ", "I", "😀", "e\u{301}", "\u{301}", "%", "_",
                       #"\"#, "\"", "NEAR(", "OR", "*", "a", "ék", "@éxample", "555 01", "user1", "Ng", "nothing at all",
                       "ller", "MÜLLER", "zoë kr", "ë łu", "Σωκρ", "\"quo", "d'art", "ack\\sl", "(x) ", "e\u{301} ", "😀 sm"]
        // A window of 0 sends every search of three or more characters to the index; 3 mixes both
        // paths across pages; the default answers common terms from the window.
        for windowSize in [0, 3, 2_000] {
            let manager = SQLiteContactManager(database: temporary.database, windowSize: windowSize)
            for query in queries {
                let expected = Self.reference(all, query)
                var listed: [Contact] = []
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

    /// Ids found for `query` through the index alone (no window).
    private func indexedIDs(_ query: String, owner: UserID? = nil) throws -> [String] {
        try SQLiteContactManager(database: temporary.database, windowSize: 0).list(owner: owner ?? alice, matching: query, after: nil, limit: 100)
            .map(\.id.rawValue)
    }

    /// FTS5's own check of the index against the contacts table (rank 1: compare with the content).
    private static func checkIndex(_ database: Database) throws {
        try database.write { connection -> Void in
            try connection.execute("INSERT INTO contacts_search (contacts_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("renaming, changing email or phone, and deleting keep the index in step")
    func updatesAndDeletesKeepIndexInStep() throws {
        try contacts.insert(.fixture(id: "c_1", firstName: "Jürgen", lastName: "Habermas", email: "JH@example.org", phone: "+49 30 1234"))
        try contacts.insert(.fixture(id: "c_2", firstName: "Hannah", lastName: "Arendt"))
        #expect(try indexedIDs("JÜRGEN HAB") == ["c_1"])

        let renamed = Contact.fixture(id: "c_1", firstName: "Theodor", lastName: "Adorno", email: "ta@example.org", phone: "+49 69 777", version: 2)
        #expect(try contacts.update(renamed, expectedVersion: 1))
        #expect(try indexedIDs("jürgen") == [])
        #expect(try indexedIDs("habermas") == [])
        #expect(try indexedIDs("jh@") == [])
        #expect(try indexedIDs("1234") == [])
        #expect(try indexedIDs("THEODOR") == ["c_1"])
        #expect(try indexedIDs("ta@ex") == ["c_1"])
        #expect(try indexedIDs("69 777") == ["c_1"])
        #expect(try indexedIDs("dor ado") == ["c_1"])
        try Self.checkIndex(temporary.database)

        // An update that loses its version race changes nothing, the index included.
        let stale = Contact.fixture(id: "c_1", firstName: "Walter", lastName: "Benjamin", version: 2)
        #expect(try !contacts.update(stale, expectedVersion: 1))
        #expect(try indexedIDs("walter") == [])
        #expect(try indexedIDs("theodor") == ["c_1"])

        #expect(try contacts.delete(id: ContactID("c_1"), owner: alice))
        #expect(try indexedIDs("theodor") == [])
        #expect(try indexedIDs("example") == [])
        #expect(try indexedIDs("arendt") == ["c_2"])
        try Self.checkIndex(temporary.database)

        // The rowid of a deleted contact may be handed out again; the new row must not inherit its terms.
        try contacts.insert(.fixture(id: "c_3", firstName: "Simone", lastName: "Weil"))
        #expect(try indexedIDs("theodor") == [])
        #expect(try indexedIDs("simone") == ["c_3"])
        try Self.checkIndex(temporary.database)
    }

    @Test("another owner's contacts are never found through the index")
    func indexRespectsOwner() throws {
        try contacts.insert(.fixture(id: "c_a", firstName: "Shared", lastName: "Name"))
        try contacts.insert(.fixture(id: "c_b", owner: "u_bob", firstName: "Shared", lastName: "Name"))
        #expect(try indexedIDs("shared") == ["c_a"])
        #expect(try indexedIDs("shared", owner: UserID("u_bob")) == ["c_b"])
        #expect(try indexedIDs("shared", owner: UserID("u_nobody")) == [])
    }

    @Test("FTS5 query syntax in q is only text to find, never an error")
    func querySyntaxIsText() throws {
        let names = [#"Say "Hi" now"#, "Star*gazer", "Either OR Or", "NEAR(pair)", "Dash-ed", "Co:lon", "^Caret", "Plain Person", "AND NOT"]
        for (index, name) in names.enumerated() {
            try contacts.insert(.fixture(id: "c_\(index)", lastName: name))
        }
        let queries: [(String, [String])] = [
            (#""hi""#, ["c_0"]), (#"""#, ["c_0"]), (#"y "h"#, ["c_0"]), ("r*g", ["c_1"]), ("*", ["c_1"]), ("ar*", ["c_1"]),
            ("r or", ["c_2"]), ("OR", ["c_2"]), ("OR or", ["c_2"]), ("NEAR(", ["c_3"]), ("near(pair)", ["c_3"]), ("NEAR(a b)", []),
            ("h-e", ["c_4"]), ("-ed", ["c_4"]), ("-", ["c_4"]), ("o:l", ["c_5"]), ("co:", ["c_5"]), (":", ["c_5"]), ("^ca", ["c_6"]),
            ("^", ["c_6"]), ("and not", ["c_8"]), ("NOT", ["c_8"]), ("plain AND person", []), ("{search_name}: plain", []),
            ("search_name:plain", []), (#"" OR "plain"#, []), (")", ["c_3"]), ("(", ["c_3"]),
        ]
        for windowSize in [0, 2_000] {
            let manager = SQLiteContactManager(database: temporary.database, windowSize: windowSize)
            for (query, expected) in queries {
                let found = try manager.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
                #expect(found == expected, "q=\(query) window=\(windowSize)")
            }
        }
    }

    @Test("the migration indexes contacts that existed before it, folded the application's way")
    func migrationIndexesExistingRows() throws {
        let old = try TemporaryDatabase(migrated: false)
        let before = try Migration.embedded(.sqlite).filter { $0.version < 7 }
        try Migrator(database: old.database, migrations: before).migrate()
        try TemporaryDatabase.createUsers(["u_alice", "u_bob"], in: old.database)
        try old.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, sort_name, created_at, updated_at) VALUES
                    ('c_zoe', 'u_alice', 'Zoë', 'Straße', 'ZOE@Example.COM', '+1 555 0100', 'straße zoë', 0, 0),
                    ('c_fyodor', 'u_alice', NULL, 'Достоевский', NULL, NULL, 'достоевский', 0, 0),
                    ('c_solo', 'u_alice', 'Sólo', NULL, NULL, '+44 20 7946', 'sólo', 0, 0),
                    ('c_bob', 'u_bob', 'Zoë', 'Other', NULL, NULL, 'other zoë', 0, 0);
                """)
        }

        try Migrator(database: old.database).migrate()

        let manager = SQLiteContactManager(database: old.database, windowSize: 0)
        func found(_ query: String) throws -> [String] {
            try manager.list(owner: alice, matching: query, after: nil, limit: 100).map(\.id.rawValue)
        }
        #expect(try found("ZOË STRASSE") == ["c_zoe"])
        #expect(try found("zoe@example.com") == ["c_zoe"])
        #expect(try found("555 01") == ["c_zoe"])
        #expect(try found("ДОСТОЕВ") == ["c_fyodor"])
        #expect(try found("SÓLO") == ["c_solo"])
        #expect(try found("7946") == ["c_solo"])
        #expect(try found("zoë") == ["c_zoe"])
        #expect(try found("ss") == ["c_zoe"])
        try Self.checkIndex(old.database)

        // Rows written after the migration join the same index, and the old ones still update.
        let fetched = try #require(try manager.fetch(id: ContactID("c_fyodor"), owner: alice))
        var renamed = fetched
        renamed.firstName = "Фёдор"
        renamed.version = 2
        #expect(try manager.update(renamed, expectedVersion: 1))
        try manager.insert(.fixture(id: "c_new", firstName: "Zoë", lastName: "Newcomer"))
        #expect(try found("фёдор дост") == ["c_fyodor"])
        #expect(try found("zoë") == ["c_new", "c_zoe"])
        try Self.checkIndex(old.database)
    }
}
