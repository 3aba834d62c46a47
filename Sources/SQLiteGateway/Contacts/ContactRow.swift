import Domain

/// How a `Contact` is laid out in a row of `contacts`, both ways: `StoredContact` in SQLite's types.
enum ContactRow {
    /// A contact from a row selected with `SQLiteContactManager.columns`.
    static func contact(_ row: SQLiteStatement) -> Contact {
        StoredContact.contact(text: row.string(at:), integer: row.int64(at:))
    }

    /// Parameters ?1…?20 of `SQLiteContactManager.insert`.
    static func insertValues(of contact: Contact) -> [SQLiteValue] {
        StoredContact.insertValues(of: contact).map(SQLiteValue.init)
    }

    /// Parameters ?1…?20 of `SQLiteContactManager.update`.
    static func updateValues(of contact: Contact, expectedVersion: Int) -> [SQLiteValue] {
        StoredContact.updateValues(of: contact, expectedVersion: expectedVersion).map(SQLiteValue.init)
    }
}

/// One column of `StoredContact` as a parameter.
extension SQLiteValue {
    fileprivate init(_ value: StoredContact.Value) {
        switch value {
        case let .text(text): self.init(text)
        case let .integer(integer): self = .integer(integer)
        }
    }
}
