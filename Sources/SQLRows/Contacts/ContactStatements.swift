import Domain

/// The contact texts both gateways run, written once with `?N` placeholders (PostgreSQL's
/// connection numbers them its own way); the insert and the update are `ContactRow`'s, built
/// from its columns. What really differs stays with each gateway: search (SQLite's FTS5 index
/// and `instr`, PostgreSQL's trigram indexes and `strpos`) and SQLite's list key (`seq`).
public enum ContactStatements {
    /// The owner's contacts, as their summaries; ?1 owner, ?2 limit.
    public static let selectPage = "SELECT \(ContactRow.summaryColumns) FROM contacts WHERE owner_id = ?1"
    /// After the cursor ?first (sort name), ?first+1 (id), compared in the columns' collation:
    /// byte order (SQLite's BINARY, PostgreSQL's "C"). The casts tell PostgreSQL the types of a
    /// row comparison's parameters.
    public static func afterCursor(_ first: Int) -> String {
        " AND (sort_name, id) > (CAST(?\(first) AS TEXT), CAST(?\(first + 1) AS TEXT))"
    }
    /// List order, ?2 contacts at most.
    public static let pageOrder = " ORDER BY sort_name, id LIMIT ?2"
    /// The first page: ?1 owner, ?2 limit (PostgreSQL refuses a parameter the text never names).
    public static let list = selectPage + pageOrder

    /// The parameters of a list page on either engine: `?1` owner, `?2` limit, then the search
    /// text when there is one, then the cursor's sort name and id (numbered after them).
    public static func pageValues(owner: UserID, limit: Int, text: String?, after cursor: ContactCursor?) -> [SQLValue] {
        var values: [SQLValue] = [.text(owner.rawValue), .integer(Int64(limit))]
        if let text { values.append(.text(text)) }
        if let cursor { values += [.text(cursor.sortName), .text(cursor.id.rawValue)] }
        return values
    }
    /// A later page: ?1 owner, ?2 limit, ?3 and ?4 the cursor.
    public static let listAfter = selectPage + afterCursor(3) + pageOrder
    /// Contact ?1 of owner ?2.
    public static let fetch = "SELECT \(ContactRow.Column.selectList) FROM contacts WHERE id = ?1 AND owner_id = ?2"
    /// Deletes contact ?1 of owner ?2.
    public static let delete = "DELETE FROM contacts WHERE id = ?1 AND owner_id = ?2"

    /// The contacts of the owner in parameter `owner`, as triggers keep it (migration 0013), for
    /// the contact quota: SQLite reads it before a create (its one writer counts creates one by
    /// one); PostgreSQL's create makes it the condition of its insert, after locking the owner.
    public static func count(owner: Int = 1) -> String {
        "SELECT contact_count FROM users WHERE id = ?\(owner)"
    }
}
