import Domain
import Foundation

/// How a `Contact` is laid out in a row of `contacts`, both ways.
enum ContactRow {
    /// A contact from a row selected with `SQLiteContactManager.columns`.
    static func contact(_ row: SQLiteStatement) -> Contact {
        Contact(
            id: ContactID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""),
            firstName: row.string(at: 2), lastName: row.string(at: 3), email: row.string(at: 4), phone: row.string(at: 5),
            // A birthday written by hand in a form we cannot read is dropped rather than fatal.
            birthday: row.string(at: 6).flatMap(CalendarDate.init),
            address: PostalAddress(
                street: row.string(at: 7), street2: row.string(at: 8), city: row.string(at: 9),
                province: row.string(at: 10), postalCode: row.string(at: 11), country: row.string(at: 12)),
            createdAt: Milliseconds.date(row.int64(at: 14)), updatedAt: Milliseconds.date(row.int64(at: 15)),
            version: row.int(at: 13))
    }

    /// Parameters ?1…?20 of `SQLiteContactManager.insert`.
    static func insertValues(of contact: Contact) -> [SQLiteValue] {
        values(of: contact) + [.integer(Milliseconds.from(contact.createdAt)), .integer(Milliseconds.from(contact.updatedAt))]
            + searchValues(of: contact)
    }

    /// Parameters ?1…?20 of `SQLiteContactManager.update`.
    static func updateValues(of contact: Contact, expectedVersion: Int) -> [SQLiteValue] {
        values(of: contact) + [.integer(Milliseconds.from(contact.updatedAt)), .integer(Int64(expectedVersion))]
            + searchValues(of: contact)
    }

    /// Parameters ?18…?20: the folded texts search compares (`ContactSearchTexts`), stored so
    /// neither the index nor a scan folds per row.
    static func searchValues(of contact: Contact) -> [SQLiteValue] {
        let texts = ContactSearchTexts(contact)
        return [.text(texts.name), SQLiteValue(texts.email), SQLiteValue(texts.phone)]
    }

    /// Parameters ?1…?15, shared by insert and update: id, owner, the fields, sort name, version.
    private static func values(of contact: Contact) -> [SQLiteValue] {
        [
            .text(contact.id.rawValue), .text(contact.ownerID.rawValue), SQLiteValue(contact.firstName),
            SQLiteValue(contact.lastName), SQLiteValue(contact.email), SQLiteValue(contact.phone),
            SQLiteValue(contact.birthday?.description), SQLiteValue(contact.address.street),
            SQLiteValue(contact.address.street2), SQLiteValue(contact.address.city), SQLiteValue(contact.address.province),
            SQLiteValue(contact.address.postalCode), SQLiteValue(contact.address.country), .text(contact.sortName),
            .integer(Int64(contact.version)),
        ]
    }
}
