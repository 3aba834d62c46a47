import Domain
import SQLRows

/// `ContactManager` on the `contacts` table of a SQLite `Database`.
public struct SQLiteContactManager: ContactManager {
    /// The columns `ContactRow` reads, in its order.
    static let columns = """
        id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, \
        postal_code, country, version, created_at, updated_at
        """
    /// Parameters: ?1 owner, ?2 folded search text (or its FTS5 phrase), ?3 cursor sort name, ?4 cursor
    /// id, ?5 limit, ?6 as each search statement says; each variant is one fixed string so every
    /// connection's statement cache hits.
    static let selectPage = "SELECT \(columns) FROM contacts WHERE owner_id = ?1"
    /// The stored folded texts (see `StoredContact.searchValues`), compared scalar by scalar with the
    /// folded query: the contract the index must reproduce.
    static let matching = """
         AND (instr(search_name, ?2) > 0 OR instr(search_email, ?2) > 0 OR instr(search_phone, ?2) > 0)
        """
    static let afterCursor = " AND (sort_name, id) > (?3, ?4)"
    static let pageOrder = " ORDER BY sort_name, id LIMIT ?5"
    static let list = selectPage + pageOrder
    static let listAfter = selectPage + afterCursor + pageOrder
    static let scan = selectPage + matching + pageOrder
    static let scanAfter = selectPage + matching + afterCursor + pageOrder
    /// ?6: how many contacts, in list order, the window reads. A common term fills a page within
    /// the first contacts of the list, where the index would have to join and sort every match.
    static func window(afterCursor: Bool) -> String {
        """
        SELECT \(columns) FROM (SELECT \(columns), sort_name, search_name, search_email, search_phone FROM contacts \
        WHERE owner_id = ?1\(afterCursor ? Self.afterCursor : "") ORDER BY sort_name, id LIMIT ?6) \
        WHERE 1\(matching)\(pageOrder)
        """
    }
    static let searchWindow = window(afterCursor: false)
    static let searchWindowAfter = window(afterCursor: true)
    /// Up to ?2 rowids of contacts, of every owner, holding the phrase ?1: how many there are decides
    /// between `matched` and the window.
    static let matches = "SELECT rowid FROM contacts_search WHERE contacts_search MATCH ?1 LIMIT ?2"
    /// ?6: the rowids `matches` found, as a JSON array. A rare term's few contacts are looked up by
    /// key, then owner, cursor and order; the index already matched the phrase, which is the
    /// substring contract, so nothing is compared again. NOT INDEXED keeps the lookups: without
    /// statistics the planner prefers `contacts_owner_sort`, which walks every contact of the owner.
    static func matched(afterCursor: Bool) -> String {
        """
        SELECT \(columns) FROM contacts NOT INDEXED WHERE seq IN (SELECT value FROM json_each(?6)) \
        AND owner_id = ?1\(afterCursor ? Self.afterCursor : "")\(pageOrder)
        """
    }
    static let searchMatched = matched(afterCursor: false)
    static let searchMatchedAfter = matched(afterCursor: true)
    /// For a common term the window did not fill a page with, the trigram index drives (CROSS JOIN
    /// keeps it the outer loop): every contact holding the phrase, then owner, cursor and order.
    static let indexed = """
        SELECT \(columns) FROM contacts_search CROSS JOIN contacts ON contacts.seq = contacts_search.rowid \
        WHERE contacts_search MATCH ?2 AND owner_id = ?1
        """
    static let searchIndexed = indexed + pageOrder
    static let searchIndexedAfter = indexed + afterCursor + pageOrder
    static let fetch = "SELECT \(columns) FROM contacts WHERE id = ?1 AND owner_id = ?2"
    static let insert = """
        INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, \
        province, postal_code, country, sort_name, version, created_at, updated_at, search_name, search_email, search_phone) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)
        """
    static let update = """
        UPDATE contacts SET first_name = ?3, last_name = ?4, email = ?5, phone = ?6, birthday = ?7, street = ?8, \
        street2 = ?9, city = ?10, province = ?11, postal_code = ?12, country = ?13, sort_name = ?14, version = ?15, \
        updated_at = ?16, search_name = ?18, search_email = ?19, search_phone = ?20 WHERE id = ?1 AND owner_id = ?2 AND version = ?17
        """
    static let delete = "DELETE FROM contacts WHERE id = ?1 AND owner_id = ?2"

    private let database: Database
    /// How many contacts, in list order, a search of three or more characters with more than
    /// `matchCap` matches reads before it turns to the full index query.
    let windowSize: Int
    /// The most matches (of every owner) a search of three or more characters fetches by rowid. A
    /// rare term is then answered from its few rows alone; a common one would fetch and sort
    /// thousands, where the window usually finds a page within its first contacts.
    let matchCap: Int

    public init(database: Database) {
        self.init(database: database, windowSize: 2_000)
    }

    /// Tests shrink the window and the cap to drive each path on small fixtures.
    init(database: Database, windowSize: Int, matchCap: Int = 2_000) {
        self.database = database
        self.windowSize = windowSize
        self.matchCap = matchCap
    }

    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [Contact] {
        guard limit > 0 else { return [] }
        // An empty search would match every contact anyway; skipping it keeps the plain plan.
        let pattern = ContactSearchTexts.pattern(of: query)
        func values(_ text: String?) -> [SQLValue] {
            [.text(owner.rawValue), SQLValue(text), SQLValue(cursor?.sortName), SQLValue(cursor?.id.rawValue), .integer(Int64(limit))]
        }
        return try GatewayError.mapping {
            try database.read { connection in
                guard let pattern else {
                    return try connection.statement(cursor == nil ? Self.list : Self.listAfter).rows(values(nil), ContactRow.contact)
                }
                // Fewer than three characters have no trigram to look up: the stored texts are scanned.
                guard pattern.unicodeScalars.count >= 3 else {
                    return try connection.statement(cursor == nil ? Self.scan : Self.scanAfter).rows(values(pattern), ContactRow.contact)
                }
                // One snapshot for the matches and the contacts read by them, so a rename or delete
                // committed between the two cannot return a contact that no longer holds the term.
                try connection.execute("BEGIN")
                defer { _ = try? connection.execute("COMMIT") }
                // One more than the cap tells a rare term, answered from its matches alone, from a common one.
                let matches = try connection.statement(Self.matches)
                    .rows([.text(Self.phrase(pattern)), .integer(Int64(matchCap) + 1)]) { $0.int64(at: 0) }
                if matches.count <= matchCap {
                    // No contact of anyone holds the phrase: nothing to look up.
                    guard !matches.isEmpty else { return [] }
                    let rowids = "[" + matches.map(String.init).joined(separator: ",") + "]"
                    return try connection.statement(cursor == nil ? Self.searchMatched : Self.searchMatchedAfter)
                        .rows(values(nil) + [.text(rowids)], ContactRow.contact)
                }
                let window = try connection.statement(cursor == nil ? Self.searchWindow : Self.searchWindowAfter)
                    .rows(values(pattern) + [.integer(Int64(windowSize))], ContactRow.contact)
                // A full page from the window is exactly the first page of all matches: they are in list order.
                if window.count >= limit { return window }
                return try connection.statement(cursor == nil ? Self.searchIndexed : Self.searchIndexedAfter)
                    .rows(values(Self.phrase(pattern)), ContactRow.contact)
            }
        }
    }

    /// `text` as one FTS5 phrase: quoted, with `"` doubled, so query syntax (`OR`, `*`, `NEAR(`, `-`,
    /// `:`, `^`) is only ever text to find.
    static func phrase(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try database.first(Self.fetch, [.text(id.rawValue), .text(owner.rawValue)], ContactRow.contact)
    }

    public func insert(_ contact: Contact) throws {
        try database.change(Self.insert, ContactRow.insertValues(of: contact))
    }

    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        try database.change(Self.update, ContactRow.updateValues(of: contact, expectedVersion: expectedVersion)) == 1
    }

    public func delete(id: ContactID, owner: UserID) throws -> Bool {
        try database.change(Self.delete, [.text(id.rawValue), .text(owner.rawValue)]) == 1
    }
}
