import Domain
import Foundation

/// How a `Contact` is laid out in a row of `contacts`, both ways and in both dialects: the two
/// gateways store exactly the same texts, times and folded search forms. PostgreSQL has no
/// SearchFolding in SQL, so the folded search columns are only ever written from here.
public enum ContactRow {
    /// A contact from the columns id, owner_id, first_name, last_name, email, phone, birthday,
    /// street, street2, city, province, postal_code, country, version, created_at, updated_at
    /// (0…15): each gateway's `columns`.
    @inlinable
    public static func contact<Row: SQLRow>(_ row: Row) -> Contact {
        Contact(
            id: ContactID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""),
            firstName: row.string(at: 2), lastName: row.string(at: 3), email: row.string(at: 4), phone: row.string(at: 5),
            // A birthday written by hand in a form we cannot read is dropped rather than fatal.
            birthday: row.string(at: 6).flatMap(CalendarDate.init),
            address: PostalAddress(
                street: row.string(at: 7), street2: row.string(at: 8), city: row.string(at: 9), province: row.string(at: 10),
                postalCode: row.string(at: 11), country: row.string(at: 12)),
            createdAt: Milliseconds.date(row.int64(at: 14)), updatedAt: Milliseconds.date(row.int64(at: 15)), version: row.int(at: 13))
    }

    /// Parameters 1…20 of an insert: `fields`, created_at, updated_at, then `searchValues`.
    public static func insertValues(of contact: Contact) -> [SQLValue] {
        fields(of: contact) + [.integer(Milliseconds.from(contact.createdAt)), .integer(Milliseconds.from(contact.updatedAt))]
            + searchValues(of: contact)
    }

    /// Parameters 1…20 of an update: `fields`, updated_at, the expected version, then `searchValues`.
    public static func updateValues(of contact: Contact, expectedVersion: Int) -> [SQLValue] {
        fields(of: contact) + [.integer(Milliseconds.from(contact.updatedAt)), .integer(Int64(expectedVersion))]
            + searchValues(of: contact)
    }

    /// Parameters 18…20: the folded texts search compares (`ContactSearchTexts`), stored so
    /// neither an index nor a scan folds per row.
    public static func searchValues(of contact: Contact) -> [SQLValue] {
        let texts = ContactSearchTexts(contact)
        return [.text(texts.name), SQLValue(texts.email), SQLValue(texts.phone)]
    }

    /// Parameters 1…15, shared by insert and update: id, owner, the fields, sort name, version.
    private static func fields(of contact: Contact) -> [SQLValue] {
        [
            .text(contact.id.rawValue), .text(contact.ownerID.rawValue), SQLValue(contact.firstName), SQLValue(contact.lastName),
            SQLValue(contact.email), SQLValue(contact.phone), SQLValue(contact.birthday?.description), SQLValue(contact.address.street),
            SQLValue(contact.address.street2), SQLValue(contact.address.city), SQLValue(contact.address.province),
            SQLValue(contact.address.postalCode), SQLValue(contact.address.country), .text(contact.sortName),
            .integer(Int64(contact.version)),
        ]
    }
}
