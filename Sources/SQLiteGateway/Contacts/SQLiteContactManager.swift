import Domain

/// `ContactManager` on the `contacts` table of a SQLite `Database`.
public struct SQLiteContactManager: ContactManager {
    /// The columns `ContactRow` reads, in its order.
    static let columns = """
        id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, province, \
        postal_code, country, version, created_at, updated_at
        """
    /// Parameters: ?1 owner, ?2 folded search text, ?3 cursor sort name, ?4 cursor id, ?5 limit; each
    /// variant is one fixed string so every connection's statement cache hits.
    static let selectPage = "SELECT \(columns) FROM contacts WHERE owner_id = ?1"
    /// The name is "first last" when both are set, so it also matches either alone; every side is
    /// folded by `SearchFolding` (?2 already is), which `instr` then compares scalar by scalar.
    static let matching = """
         AND (instr(viperd_search_fold(coalesce(first_name || ' ' || last_name, first_name, last_name)), ?2) > 0 \
        OR instr(viperd_search_fold(email), ?2) > 0 OR instr(viperd_search_fold(phone), ?2) > 0)
        """
    static let afterCursor = " AND (sort_name, id) > (?3, ?4)"
    static let pageOrder = " ORDER BY sort_name, id LIMIT ?5"
    static let list = selectPage + pageOrder
    static let listAfter = selectPage + afterCursor + pageOrder
    static let search = selectPage + matching + pageOrder
    static let searchAfter = selectPage + matching + afterCursor + pageOrder
    static let fetch = "SELECT \(columns) FROM contacts WHERE id = ?1 AND owner_id = ?2"
    static let insert = """
        INSERT INTO contacts (id, owner_id, first_name, last_name, email, phone, birthday, street, street2, city, \
        province, postal_code, country, sort_name, version, created_at, updated_at) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
        """
    static let update = """
        UPDATE contacts SET first_name = ?3, last_name = ?4, email = ?5, phone = ?6, birthday = ?7, street = ?8, \
        street2 = ?9, city = ?10, province = ?11, postal_code = ?12, country = ?13, sort_name = ?14, version = ?15, \
        updated_at = ?16 WHERE id = ?1 AND owner_id = ?2 AND version = ?17
        """
    static let delete = "DELETE FROM contacts WHERE id = ?1 AND owner_id = ?2"

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [Contact] {
        guard limit > 0 else { return [] }
        // An empty search would match every contact anyway; skipping it keeps the plain plan.
        let pattern = query.flatMap { $0.isEmpty ? nil : SearchFolding.fold($0) }
        let sql = switch (pattern != nil, cursor != nil) {
        case (false, false): Self.list
        case (false, true): Self.listAfter
        case (true, false): Self.search
        case (true, true): Self.searchAfter
        }
        let values: [SQLiteValue] = [
            .text(owner.rawValue), SQLiteValue(pattern), SQLiteValue(cursor?.sortName), SQLiteValue(cursor?.id.rawValue),
            .integer(Int64(limit)),
        ]
        return try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(sql).rows(values, ContactRow.contact)
            }
        }
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(Self.fetch).rows([.text(id.rawValue), .text(owner.rawValue)], ContactRow.contact).first
            }
        }
    }

    public func insert(_ contact: Contact) throws {
        try GatewayError.mapping {
            try database.write { connection -> Void in
                try connection.statement(Self.insert).run(ContactRow.insertValues(of: contact))
            }
        }
    }

    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.statement(Self.update).run(ContactRow.updateValues(of: contact, expectedVersion: expectedVersion)) == 1
            }
        }
    }

    public func delete(id: ContactID, owner: UserID) throws -> Bool {
        try GatewayError.mapping {
            try database.write { connection in
                try connection.statement(Self.delete).run([.text(id.rawValue), .text(owner.rawValue)]) == 1
            }
        }
    }
}
