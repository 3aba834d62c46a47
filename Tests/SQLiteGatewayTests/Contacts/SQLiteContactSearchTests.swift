import Domain
import Foundation
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
                       #"\"#, "\"", "NEAR(", "OR", "*", "a", "ék", "@éxample", "555 01", "user1", "Ng", "nothing at all"]
        for query in queries {
            let expected = Self.reference(all, query)
            var listed: [Contact] = []
            var cursor: ContactCursor?
            while true {
                let page = try contacts.list(owner: alice, matching: query, after: cursor, limit: 7)
                guard let last = page.last else { break }
                listed += page
                cursor = ContactCursor(sortName: last.sortName, id: last.id)
            }
            #expect(listed.map(\.id) == expected.map(\.id), "q=\(query)")
        }
        #expect(Self.reference(all, "zoë").count > 10)
    }
}
