import Domain
import Foundation
import SQLRows

/// `ContactManager` on the `contacts` table of a SQLite `Database`.
public struct SQLiteContactManager: ContactManager {
    /// Parameters: ?1 owner, ?2 limit, ?3 folded search text, then the cursor's sort name and id
    /// (`ContactStatements`' numbering); each variant is one fixed string so every connection's
    /// statement cache hits.
    static let selectPage = ContactStatements.selectPage
    /// The stored folded texts (see `StoredContact.searchValues`), compared scalar by scalar with the
    /// folded query `parameter`: the contract the index must reproduce. The search index's columns
    /// share these names, so a join names `table`.
    static func matching(_ parameter: String, in table: String = "") -> String {
        let column = table.isEmpty ? "" : table + "."
        return " AND (instr(\(column)search_name, \(parameter)) > 0 OR instr(\(column)search_email, \(parameter)) > 0"
            + " OR instr(\(column)search_phone, \(parameter)) > 0)"
    }
    static let pageOrder = ContactStatements.pageOrder
    static let list = ContactStatements.list
    static let listAfter = ContactStatements.listAfter
    static let scan = selectPage + matching("?3") + pageOrder
    static let scanAfter = selectPage + matching("?3") + ContactStatements.afterCursor(4) + pageOrder
    /// A search of three or more characters: the FTS5 phrase ?2 drives (CROSS JOIN keeps it the
    /// outer loop) over the keys from the bucket of the owner's first contact (or of the first
    /// after the cursor) to the bucket of their last, in key order, which is list order bucket by
    /// bucket (`SQLiteContactOrder`); `list` stops reading at the bucket of the page's last match.
    /// The whole pattern as a phrase is the substring contract (trigrams compared exactly), so
    /// nothing is compared again; a part of it (`ContactSearchPhrase`) is checked against the
    /// stored texts with the whole pattern ?5. Returns only what the page's choice needs (seq,
    /// sort_name, id): a common term reads to the end of a bucket (32 to 64 rows) for a page of 20, and
    /// decoding every row it read was a fifth of such a search; `byKey` reads the page's summaries.
    static func indexed(afterCursor: Bool, checked: Bool = false) -> String {
        let cursor = afterCursor ? ContactStatements.afterCursor(3) : ""
        let check = checked ? matching("?5", in: "contacts") : ""
        let mask = SQLiteContactOrder.slotMask
        return """
            SELECT contacts.seq, sort_name, contacts.id FROM contacts_search CROSS JOIN contacts ON contacts.seq = contacts_search.rowid \
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
    /// A contact's summary by its list key, for the page `indexed` chose (?2 the owner, as a guard).
    static let byKey = "SELECT \(ContactRow.summaryColumns) FROM contacts WHERE seq = ?1 AND owner_id = ?2"
    /// Every contact carries its list key (`SQLiteContactOrder`), given last.
    static let insert = ContactRow.insert(extraColumns: ["seq"])
    static let update = ContactRow.update(extraColumns: ["seq"])
    /// The stored contact's key and version, read before an update chooses its key.
    static let keyAndVersion = "SELECT seq, version FROM contacts WHERE id = ?1 AND owner_id = ?2"
    /// The owner's contacts, for the quota: SQLite's one writer counts without a lock.
    static let contactCount = ContactStatements.count()

    private let database: Database
    /// Most contacts per owner; nil for no quota.
    private let quota: Int?

    public init(database: Database, quota: Int? = StorageQuotas.standard.contacts) {
        self.database = database
        self.quota = quota
    }

    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary] {
        guard limit > 0 else { return [] }
        // An empty search would match every contact anyway; skipping it keeps the plain plan.
        let pattern = ContactSearchTexts.pattern(of: query)
        func values(_ text: String?) -> [SQLValue] { ContactStatements.pageValues(owner: owner, limit: limit, text: text, after: cursor) }
        return try GatewayError.mapping {
            try database.read { connection in
                guard let pattern else {
                    return try connection.statement(cursor == nil ? Self.list : Self.listAfter).rows(values(nil), ContactRow.summary)
                }
                // Fewer than three characters have no trigram to look up: the stored texts are scanned.
                guard pattern.unicodeScalars.count >= 3 else {
                    return try connection.statement(cursor == nil ? Self.scan : Self.scanAfter).rows(values(pattern), ContactRow.summary)
                }
                return try Self.firstMatches(
                    of: pattern, owner: owner, after: cursor, limit: limit, on: connection)
            }
        }
    }

    /// The first `limit` contacts of `owner` after `cursor` holding `pattern` (folded, three or
    /// more characters), in list order: the matches' keys read in key order up to the end of the
    /// bucket holding the `limit`th, then sorted (every later bucket's contacts come after all of
    /// these in list order), and only the page's summaries read. Both reads run in one read
    /// transaction, so the page is one snapshot of the index and of the contacts it points at.
    static func firstMatches(of pattern: String, owner: UserID, after cursor: ContactCursor?, limit: Int,
                             on connection: SQLiteConnection) throws -> [ContactSummary] {
        let phrase = try ContactSearchPhrase.choose(for: pattern, on: connection)
        try connection.statement("BEGIN").run()
        // Runs after the statements' resets below (defers run last first): a read transaction
        // always ends, even when a read failed.
        defer {
            if !connection.isAutocommit { _ = try? connection.statement("ROLLBACK").run() }
        }
        var found = ContactMatchPlaces()
        do {
            let statement = try connection.statement(
                phrase.needsCheck ? (cursor == nil ? searchChecked : searchCheckedAfter) : (cursor == nil ? searchIndexed : searchIndexedAfter))
            defer { statement.reset() }
            var values: [SQLValue] = [.text(owner.rawValue), .text(phrase.query)]
            // ?3 and ?4 exist when the cursor or ?5 is named.
            if cursor != nil || phrase.needsCheck { values += [SQLValue(cursor?.sortName), SQLValue(cursor?.id.rawValue)] }
            if phrase.needsCheck { values.append(.text(pattern)) }
            try statement.bind(values)
            var lastBucket: Int64 = -1
            while try statement.step() {
                let seq = statement.int64(at: 0)
                let bucket = SQLiteContactOrder.bucket(of: seq)
                if found.count >= limit && bucket != lastBucket { break }
                lastBucket = bucket
                guard found.append(seq: seq, from: statement, nameColumn: 1, idColumn: 2) else {
                    throw GatewayError.failure("NULL in required column contacts.sort_name or contacts.id")
                }
            }
        }
        let byKey = try connection.statement(Self.byKey)
        return try found.first(limit).map { match in
            guard let summary = try byKey.rows([.integer(match.seq), .text(owner.rawValue)], ContactRow.summary).first else {
                throw GatewayError.failure("contact \(found.id(of: match)) left the snapshot it was found in")
            }
            return summary
        }
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try database.first(ContactStatements.fetch, [.text(id.rawValue), .text(owner.rawValue)], ContactRow.contact)
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
                guard try connection.statement(ContactStatements.delete).run([.text(id.rawValue), .text(owner.rawValue)]) == 1 else { return false }
                try OutboxSteps.append([.contactDeleted(id, owner: owner, at: date)], on: connection)
                return true
            }
        }
    }
}
