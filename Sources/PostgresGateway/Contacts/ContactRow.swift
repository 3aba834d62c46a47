import Domain

/// How a `Contact` is laid out in a row of `contacts`, both ways: `StoredContact` (the columns
/// and values of SQLite's) in PostgreSQL's types. PostgreSQL has no SearchFolding in SQL, so the
/// folded search columns are only ever written from here.
enum ContactRow {
    /// A contact from a row selected with `PostgresContactManager.columns`.
    static func contact(_ row: PostgresRow) -> Contact {
        StoredContact.contact(text: row.string(at:), integer: row.int64(at:))
    }

    /// Parameters $1…$20 of `PostgresContactManager.insert`.
    static func insertValues(of contact: Contact) -> [PostgresValue] {
        StoredContact.insertValues(of: contact).map(PostgresValue.init)
    }

    /// Parameters $1…$20 of `PostgresContactManager.update`.
    static func updateValues(of contact: Contact, expectedVersion: Int) -> [PostgresValue] {
        StoredContact.updateValues(of: contact, expectedVersion: expectedVersion).map(PostgresValue.init)
    }
}

/// One column of `StoredContact` as a parameter.
extension PostgresValue {
    fileprivate init(_ value: StoredContact.Value) {
        switch value {
        case let .text(text): self.init(text)
        case let .integer(integer): self = .integer(integer)
        }
    }
}
