import Domain
import Foundation

/// How a `Contact` is laid out in a row of `contacts`, both ways and in both dialects: the two
/// gateways store exactly the same texts, times and folded search forms. PostgreSQL has no
/// SearchFolding in SQL, so the folded search columns are only ever written from here.
///
/// A new field is a case of `Column` (its read in `contact`, its write in `value`) and a
/// migration per dialect: the select list, the insert and the update are built from `Column`.
public enum ContactRow {
    /// The columns a contact is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case id, owner_id, first_name, last_name, email, phone, birthday
        case street, street2, city, province, postal_code, country
        case version, created_at, updated_at

        /// `contacts`.
        public static var table: String { "contacts" }
    }

    /// The columns a list page reads of each contact (`summary`), in row order.
    public enum SummaryColumn: Int32, SQLColumn {
        case id, first_name, last_name, phone

        /// `contacts`.
        public static var table: String { "contacts" }
    }

    /// The columns `summary(_:)` reads, in its order.
    public static let summaryColumns = SummaryColumn.selectList

    /// The columns written from a contact and never read back: its list order
    /// (`Contact.sortName`) and the folded texts search compares (`ContactSearchTexts`), stored so
    /// neither an index nor a scan folds per row. Their values are `derivedValues`.
    public static let derivedColumns = ["sort_name", "search_name", "search_email", "search_phone"]

    /// The columns an update writes: all but the contact's identity and creation.
    public static let updatedColumns = Column.allCases.filter { ![.id, .owner_id, .created_at].contains($0) }

    /// A contact from a row selected with `Column.selectList` (any columns after them are
    /// ignored). A NULL where the schema forbids one is a failure.
    @inlinable
    public static func contact<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Contact {
        let row = row.columns(Column.self)
        return Contact(
            id: ContactID(try row.required(.id)), ownerID: UserID(try row.required(.owner_id)),
            firstName: row.optional(.first_name), lastName: row.optional(.last_name), email: row.optional(.email), phone: row.optional(.phone),
            // A birthday written by hand in a form we cannot read is dropped rather than fatal.
            birthday: row.optional(.birthday, as: String.self).flatMap(CalendarDate.init),
            address: PostalAddress(
                street: row.optional(.street), street2: row.optional(.street2), city: row.optional(.city), province: row.optional(.province),
                postalCode: row.optional(.postal_code), country: row.optional(.country)),
            createdAt: try row.required(.created_at), updatedAt: try row.required(.updated_at), version: try row.required(.version))
    }

    /// A list row from a row selected with `summaryColumns` (any columns after them are ignored).
    @inlinable
    public static func summary<Row: SQLRow>(_ row: Row) throws(GatewayError) -> ContactSummary {
        let row = row.columns(SummaryColumn.self)
        return ContactSummary(
            id: ContactID(try row.required(.id)), firstName: row.optional(.first_name), lastName: row.optional(.last_name),
            phone: row.optional(.phone))
    }

    /// What `contact` stores in `column`.
    public static func value(_ column: Column, of contact: Contact) -> SQLValue {
        switch column {
        case .id: .text(contact.id.rawValue)
        case .owner_id: .text(contact.ownerID.rawValue)
        case .first_name: SQLValue(contact.firstName)
        case .last_name: SQLValue(contact.lastName)
        case .email: SQLValue(contact.email)
        case .phone: SQLValue(contact.phone)
        case .birthday: SQLValue(contact.birthday?.description)
        case .street: SQLValue(contact.address.street)
        case .street2: SQLValue(contact.address.street2)
        case .city: SQLValue(contact.address.city)
        case .province: SQLValue(contact.address.province)
        case .postal_code: SQLValue(contact.address.postalCode)
        case .country: SQLValue(contact.address.country)
        case .version: .integer(Int64(contact.version))
        case .created_at: .integer(Milliseconds.from(contact.createdAt))
        case .updated_at: .integer(Milliseconds.from(contact.updatedAt))
        }
    }

    /// The values of `derivedColumns`, in their order.
    public static func derivedValues(of contact: Contact) -> [SQLValue] {
        let texts = ContactSearchTexts(contact)
        return [.text(contact.sortName), .text(texts.name), SQLValue(texts.email), SQLValue(texts.phone)]
    }

    /// Inserts a contact: every `Column`, then `derivedColumns`, then `extraColumns` (a
    /// gateway's own, such as SQLite's list key), with `insertValues` and the extras' values.
    public static func insert(extraColumns: [String] = []) -> String {
        SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name) + derivedColumns + extraColumns)
    }

    /// Inserts a contact as `insert` does, only while `condition` holds (it names its parameters
    /// after `insertValues`'); no row otherwise.
    public static func insert(where condition: String) -> String {
        SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name) + derivedColumns, where: condition)
    }

    /// How many parameters `insertValues` gives.
    public static let insertValueCount = Column.allCases.count + derivedColumns.count

    /// The parameters of `insert`, before any extra column's.
    public static func insertValues(of contact: Contact) -> [SQLValue] {
        Column.allCases.map { value($0, of: contact) } + derivedValues(of: contact)
    }

    /// Updates contact ?1 of owner ?2 when its version is the expected one: `updatedColumns`
    /// and `derivedColumns` from ?3 on, then the expected version, then `extraColumns`; with
    /// `updateValues` and the extras' values. On PostgreSQL the version test is evaluated again
    /// on the committed row by an update that waited for another's lock, so of two writers
    /// holding the same version exactly one changes the row.
    public static func update(extraColumns: [String] = []) -> String {
        let set = updatedColumns.map(\.name) + derivedColumns
        let version = 3 + set.count
        let extras = extraColumns.isEmpty ? "" : ", " + SQLColumnText.assignments(extraColumns, from: version + 1)
        return "UPDATE contacts SET \(SQLColumnText.assignments(set, from: 3))\(extras) WHERE id = ?1 AND owner_id = ?2 AND version = ?\(version)"
    }

    /// The parameters of `update`, before any extra column's.
    public static func updateValues(of contact: Contact, expectedVersion: Int) -> [SQLValue] {
        [.text(contact.id.rawValue), .text(contact.ownerID.rawValue)] + updatedColumns.map { value($0, of: contact) }
            + derivedValues(of: contact) + [.integer(Int64(expectedVersion))]
    }
}
