import Domain
import Foundation
import SQLRows

/// `ContactManager` on the `contacts` table of a SQLite `Database`.
public struct SQLiteContactManager: ContactManager {
    /// The columns `ContactRow` reads, in its order.
    static let columns = """
        id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, \
        postal_code, country, version, created_at, updated_at
        """
    /// Parameters: ?1 owner, ?2 folded search text (or its FTS5 phrase), ?3 cursor sort name, ?4 cursor
    /// id, ?5 limit; each variant is one fixed string so every connection's statement cache hits.
    static let selectPage = "SELECT \(columns) FROM contacts WHERE owner_id = ?1"
    /// The stored folded texts (see `StoredContact.searchValues`), compared scalar by scalar with the
    /// folded query `parameter`: the contract the index must reproduce. The search index's columns
    /// share these names, so a join names `table`.
    static func matching(_ parameter: String, in table: String = "") -> String {
        let column = table.isEmpty ? "" : table + "."
        return " AND (instr(\(column)search_name, \(parameter)) > 0 OR instr(\(column)search_email, \(parameter)) > 0"
            + " OR instr(\(column)search_phone, \(parameter)) > 0)"
    }
    static let afterCursor = " AND (sort_name, id) > (?3, ?4)"
    static let pageOrder = " ORDER BY sort_name, id LIMIT ?5"
    static let list = selectPage + pageOrder
    static let listAfter = selectPage + afterCursor + pageOrder
    static let scan = selectPage + matching("?2") + pageOrder
    static let scanAfter = selectPage + matching("?2") + afterCursor + pageOrder
    /// A search of three or more characters: the FTS5 phrase ?2 drives (CROSS JOIN keeps it the
    /// outer loop) over the keys from the bucket of the owner's first contact (or of the first
    /// after the cursor) to the bucket of their last, in key order, which is list order bucket by
    /// bucket (`SQLiteContactOrder`); `list` stops reading at the bucket of the page's last match.
    /// The whole pattern as a phrase is the substring contract (trigrams compared exactly), so
    /// nothing is compared again; a part of it (`ContactSearchPhrase`) is checked against the
    /// stored texts with the whole pattern ?5. Also returns sort_name (16) and seq (17). One
    /// statement: one snapshot of the index and of the contacts it points at.
    static func indexed(afterCursor: Bool, checked: Bool = false) -> String {
        let cursor = afterCursor ? Self.afterCursor : ""
        let check = checked ? matching("?5", in: "contacts") : ""
        let mask = SQLiteContactOrder.slotMask
        return """
            SELECT \(columns), sort_name, contacts.seq FROM contacts_search CROSS JOIN contacts ON contacts.seq = contacts_search.rowid \
            WHERE contacts_search MATCH ?2 AND contacts.owner_id = ?1\(cursor)\(check) \
            AND contacts_search.rowid >= (SELECT seq & ~\(mask) FROM contacts WHERE owner_id = ?1\(cursor) ORDER BY sort_name, id LIMIT 1) \
            AND contacts_search.rowid <= (SELECT seq | \(mask) FROM contacts WHERE owner_id = ?1 ORDER BY sort_name DESC, id DESC LIMIT 1) \
            ORDER BY contacts_search.rowid
            """
    }
    static let searchIndexed = indexed(afterCursor: false)
    static let searchIndexedAfter = indexed(afterCursor: true)
    static let searchChecked = indexed(afterCursor: false, checked: true)
    static let searchCheckedAfter = indexed(afterCursor: true, checked: true)
    static let fetch = "SELECT \(columns) FROM contacts WHERE id = ?1 AND owner_id = ?2"
    static let insert = """
        INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, \
        province, postal_code, country, sort_name, version, created_at, updated_at, search_name, search_email, search_phone, seq) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
        """
    static let update = """
        UPDATE contacts SET first_name = ?3, last_name = ?4, email = ?5, phone = ?6, birthday = ?7, street = ?8, \
        street2 = ?9, city = ?10, province = ?11, postal_code = ?12, country = ?13, sort_name = ?14, version = ?15, \
        updated_at = ?16, search_name = ?18, search_email = ?19, search_phone = ?20, seq = ?21 \
        WHERE id = ?1 AND owner_id = ?2 AND version = ?17
        """
    /// The stored contact's key and version, read before an update chooses its key.
    static let keyAndVersion = "SELECT seq, version FROM contacts WHERE id = ?1 AND owner_id = ?2"
    static let delete = "DELETE FROM contacts WHERE id = ?1 AND owner_id = ?2"
    /// The owner's contacts, as triggers keep it (migration 0013), for the contact quota.
    static let contactCount = "SELECT contact_count FROM users WHERE id = ?1"

    private let database: Database
    /// Most contacts per owner; nil for no quota.
    private let quota: Int?

    public init(database: Database, quota: Int? = StorageQuotas.standard.contacts) {
        self.database = database
        self.quota = quota
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
                return try Self.firstMatches(
                    of: pattern, owner: owner, after: cursor, limit: limit, on: connection)
            }
        }
    }

    /// The first `limit` contacts of `owner` after `cursor` holding `pattern` (folded, three or
    /// more characters), in list order: the matches read in key order up to the end of the bucket
    /// holding the `limit`th, then sorted. Every later bucket's contacts come after all of these in
    /// list order.
    static func firstMatches(of pattern: String, owner: UserID, after cursor: ContactCursor?, limit: Int,
                             on connection: SQLiteConnection) throws -> [Contact] {
        let phrase = try ContactSearchPhrase.choose(for: pattern, on: connection)
        let statement = try connection.statement(
            phrase.needsCheck ? (cursor == nil ? searchChecked : searchCheckedAfter) : (cursor == nil ? searchIndexed : searchIndexedAfter))
        defer { statement.reset() }
        var values: [SQLValue] = [.text(owner.rawValue), .text(phrase.query)]
        // ?3 and ?4 exist when the cursor or ?5 is named.
        if cursor != nil || phrase.needsCheck { values += [SQLValue(cursor?.sortName), SQLValue(cursor?.id.rawValue)] }
        if phrase.needsCheck { values.append(.text(pattern)) }
        try statement.bind(values)
        var found: [(contact: Contact, sortName: String)] = []
        var lastBucket: Int64 = -1
        while try statement.step() {
            let bucket = SQLiteContactOrder.bucket(of: statement.int64(at: 17))
            if found.count >= limit && bucket != lastBucket { break }
            lastBucket = bucket
            found.append((ContactRow.contact(statement), statement.string(at: 16) ?? ""))
        }
        // SQLite's BINARY order, the list's: UTF-8 bytes, then the id's.
        found.sort { left, right in
            if !left.sortName.utf8.elementsEqual(right.sortName.utf8) { return left.sortName.utf8.lexicographicallyPrecedes(right.sortName.utf8) }
            return left.contact.id.rawValue.utf8.lexicographicallyPrecedes(right.contact.id.rawValue.utf8)
        }
        return found.prefix(limit).map(\.contact)
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try database.first(Self.fetch, [.text(id.rawValue), .text(owner.rawValue)], ContactRow.contact)
    }

    public func insert(_ contact: Contact) throws {
        try GatewayError.mapping {
            try database.write { connection in
                try QuotaCheck.ensureRoom(on: connection, .contacts, limit: quota, count: Self.contactCount, [.text(contact.ownerID.rawValue)])
                let key = try SQLiteContactOrder.key(for: contact, on: connection)
                try connection.statement(Self.insert).run(ContactRow.insertValues(of: contact) + [.integer(key)])
                try OutboxSteps.append([.contactCreated(contact)], on: connection)
            }
        }
    }

    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                let stored = try connection.statement(Self.keyAndVersion)
                    .rows([.text(contact.id.rawValue), .text(contact.ownerID.rawValue)]) { ($0.int64(at: 0), $0.int(at: 1)) }
                guard let (current, version) = stored.first, version == expectedVersion else { return false }
                let key = try SQLiteContactOrder.key(for: contact, current: current, on: connection)
                let values = ContactRow.updateValues(of: contact, expectedVersion: expectedVersion) + [.integer(key)]
                guard try connection.statement(Self.update).run(values) == 1 else { return false }
                try OutboxSteps.append([.contactUpdated(contact)], on: connection)
                return true
            }
        }
    }

    public func delete(id: ContactID, owner: UserID, at date: Date) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                guard try connection.statement(Self.delete).run([.text(id.rawValue), .text(owner.rawValue)]) == 1 else { return false }
                try OutboxSteps.append([.contactDeleted(id, owner: owner, at: date)], on: connection)
                return true
            }
        }
    }
}
