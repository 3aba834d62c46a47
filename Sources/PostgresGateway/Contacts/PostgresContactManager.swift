import Domain
import Foundation
import SQLRows

/// `ContactManager` on the `contacts` table of a `PostgresDatabase`: the statements of
/// `SQLiteContactManager`, page for page and match for match.
public struct PostgresContactManager: ContactManager {
    // PostgreSQL wants every parameter of a prepared statement used, so each variant numbers its
    // own, in the order `list` sends them (`ContactStatements`' numbering): ?1 owner, ?2 limit,
    // then the search text (when there is one), the cursor's sort name and id (when there is
    // one), the window size last.
    static let selectPage = ContactStatements.selectPage
    /// The stored folded texts (see `ContactSearchTexts`) compared scalar by scalar with the folded
    /// query, as SQLite's `instr`: the contract the index must reproduce. No index serves `strpos`,
    /// so a short query scans the owner's contacts in list order, as on SQLite.
    static func containing(_ parameter: Int) -> String {
        " AND (strpos(search_name, ?\(parameter)) > 0 OR strpos(search_email, ?\(parameter)) > 0 OR strpos(search_phone, ?\(parameter)) > 0)"
    }
    /// The same test as a `LIKE` pattern (`likePattern`), which the trigram indexes serve.
    static func like(_ parameter: Int) -> String {
        " AND (search_name LIKE ?\(parameter) OR search_email LIKE ?\(parameter) OR search_phone LIKE ?\(parameter))"
    }
    static let pageOrder = ContactStatements.pageOrder
    static let list = ContactStatements.list
    static let listAfter = ContactStatements.listAfter
    static let scan = selectPage + containing(3) + pageOrder
    static let scanAfter = selectPage + containing(3) + ContactStatements.afterCursor(4) + pageOrder
    /// The first contacts of the list (as many as the window size), then the matches among them:
    /// a common term fills a page there, where the index would have to fetch and sort every match.
    static func window(afterCursor: Bool) -> String {
        """
        SELECT \(columns) FROM (SELECT \(columns), sort_name, search_name, search_email, search_phone FROM contacts \
        WHERE owner_id = ?1\(afterCursor ? ContactStatements.afterCursor(4) : "") ORDER BY sort_name, id LIMIT ?\(afterCursor ? 6 : 4)) \
        AS first_contacts WHERE true\(containing(3))\(pageOrder)
        """
    }
    static let searchWindow = window(afterCursor: false)
    static let searchWindowAfter = window(afterCursor: true)
    /// The trigram indexes drive: every contact of the owner holding the text, then cursor and
    /// order. MATERIALIZED keeps the planner from walking the owner's list in order instead, which
    /// for a rare text (the only kind that gets here past the window) reads the whole book.
    static func indexed(afterCursor: Bool) -> String {
        """
        WITH found AS MATERIALIZED (SELECT \(columns), sort_name FROM contacts WHERE owner_id = ?1\(like(3))) \
        SELECT \(columns) FROM found WHERE true\(afterCursor ? ContactStatements.afterCursor(4) : "")\(pageOrder)
        """
    }
    static let searchIndexed = indexed(afterCursor: false)
    static let searchIndexedAfter = indexed(afterCursor: true)
    static let insert = ContactRow.insert()
    static let update = ContactRow.update()
    /// A contact, only while its owner holds fewer than the quota (the parameter after
    /// `insertValues`'): the quota's decision goes out with the change, and a create waits for
    /// no read of its own. The owner's row is locked first (`QuotaCheck.lockOwner`), so
    /// concurrent creates of one owner are counted one by one. An owner who does not exist counts
    /// none, so the insert is tried and its foreign key refuses it (a conflict, as before).
    static let insertWithinQuota = ContactRow.insert(
        where: "coalesce((\(ContactStatements.count(owner: Int(ContactRow.Column.owner_id.rawValue) + 1))), 0) < ?\(ContactRow.insertValueCount + 1)")
    /// A create's event, appended only once its contact is in (?5 the contact's id): a refused
    /// create stores nothing. Contact ids are fresh random ids, so an older contact cannot
    /// answer for a refused one.
    static let appendCreated = OutboxSteps.appendEvent(where: "EXISTS (SELECT 1 FROM contacts WHERE id = ?5)")
    /// The columns a list page reads (`ContactRow.summary`), in its order.
    static let columns = ContactRow.summaryColumns

    private let database: PostgresDatabase
    /// Most contacts per owner; nil for no quota.
    private let quota: Int?
    /// How many contacts, in list order, a search of three or more characters reads before it
    /// turns to the index.
    let windowSize: Int

    public init(database: PostgresDatabase, quota: Int? = StorageQuotas.standard.contacts) {
        self.init(database: database, windowSize: 2_000, quota: quota)
    }

    /// Tests shrink the window to drive the index path on small fixtures.
    init(database: PostgresDatabase, windowSize: Int, quota: Int? = StorageQuotas.standard.contacts) {
        self.database = database
        self.windowSize = windowSize
        self.quota = quota
    }

    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary] {
        guard limit > 0 else { return [] }
        let pattern = ContactSearchTexts.pattern(of: query)
        // PostgreSQL text cannot hold U+0000, so no stored contact contains it.
        if let pattern, pattern.unicodeScalars.contains("\u{0}") { return [] }
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
                let window = try connection.statement(cursor == nil ? Self.searchWindow : Self.searchWindowAfter)
                    .rows(values(pattern) + [.integer(Int64(windowSize))], ContactRow.summary)
                // A full page from the window is exactly the first page of all matches: they are in list order.
                if window.count >= limit { return window }
                return try connection.statement(cursor == nil ? Self.searchIndexed : Self.searchIndexedAfter)
                    .rows(values(Self.likePattern(pattern)), ContactRow.summary)
            }
        }
    }

    /// `text` as a `LIKE` pattern matching any text that contains it: `\`, `%` and `_` escaped by
    /// `\` (LIKE's default escape), scalar by scalar, so a wildcard followed by a combining mark is
    /// escaped too.
    static func likePattern(_ text: String) -> String {
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { pattern.append("\\") }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try database.first(ContactStatements.fetch, [.text(id.rawValue), .text(owner.rawValue)], ContactRow.contact)
    }

    public func insert(_ contact: Contact) throws {
        try GatewayError.mapping {
            // Locks only its owner's row (the quota count, the outbox position): it may share a
            // group commit with the owner's other creates and transfers.
            try database.write(locking: RowLocks(users: [contact.ownerID])) { connection in
                // Sent with its event and the commit: nothing reads what they return.
                guard let quota else {
                    try connection.enqueue(Self.insert, ContactRow.insertValues(of: contact))
                    try OutboxSteps.append([.contactCreated(contact)], on: connection)
                    return
                }
                let owner = SQLValue.text(contact.ownerID.rawValue)
                try connection.enqueue(QuotaCheck.lockOwner, [owner])
                try connection.enqueue(
                    Self.insertWithinQuota, ContactRow.insertValues(of: contact) + [.integer(Int64(quota))],
                    expectingRows: 1, otherwise: GatewayError.quotaExceeded(QuotaExceeded(kind: .contacts, limit: quota)))
                try OutboxSteps.append(
                    .contactCreated(contact), with: Self.appendCreated, conditionValues: [.text(contact.id.rawValue)], on: connection)
            }
        }
    }

    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                guard try connection.run(Self.update, ContactRow.updateValues(of: contact, expectedVersion: expectedVersion)) == 1 else { return false }
                try OutboxSteps.append([.contactUpdated(contact)], on: connection)
                return true
            }
        }
    }

    public func delete(id: ContactID, owner: UserID, at date: Date) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                guard try connection.run(ContactStatements.delete, [.text(id.rawValue), .text(owner.rawValue)]) == 1 else { return false }
                try OutboxSteps.append([.contactDeleted(id, owner: owner, at: date)], on: connection)
                return true
            }
        }
    }
}
