import Foundation

/// A contact as both SQL gateways lay it out in `contacts`, column by column and dialect-free:
/// each gateway only wraps these values in its own parameter type and reads its own rows, so
/// the two store exactly the same texts, times and folded search forms.
public enum StoredContact {
    /// One column's value before a gateway wraps it.
    public enum Value: Equatable, Sendable {
        case text(String?)
        case integer(Int64)
    }

    /// Parameters 1…20 of an insert: `fields`, created_at, updated_at, then `searchValues`.
    public static func insertValues(of contact: Contact) -> [Value] {
        fields(of: contact) + [.integer(milliseconds(contact.createdAt)), .integer(milliseconds(contact.updatedAt))]
            + searchValues(of: contact)
    }

    /// Parameters 1…20 of an update: `fields`, updated_at, the expected version, then `searchValues`.
    public static func updateValues(of contact: Contact, expectedVersion: Int) -> [Value] {
        fields(of: contact) + [.integer(milliseconds(contact.updatedAt)), .integer(Int64(expectedVersion))]
            + searchValues(of: contact)
    }

    /// Parameters 18…20: the folded texts search compares (`ContactSearchTexts`), stored so
    /// neither an index nor a scan folds per row.
    public static func searchValues(of contact: Contact) -> [Value] {
        let texts = ContactSearchTexts(contact)
        return [.text(texts.name), .text(texts.email), .text(texts.phone)]
    }

    /// A contact from the columns id, owner_id, first_name, last_name, email, phone, birthday,
    /// street, street2, city, province, postal_code, country, version, created_at, updated_at
    /// (0…15), read through the gateway's row accessors.
    public static func contact(text: (Int32) -> String?, integer: (Int32) -> Int64) -> Contact {
        Contact(
            id: ContactID(text(0) ?? ""), ownerID: UserID(text(1) ?? ""),
            firstName: text(2), lastName: text(3), email: text(4), phone: text(5),
            // A birthday written by hand in a form we cannot read is dropped rather than fatal.
            birthday: text(6).flatMap(CalendarDate.init),
            address: PostalAddress(street: text(7), street2: text(8), city: text(9), province: text(10), postalCode: text(11), country: text(12)),
            createdAt: date(integer(14)), updatedAt: date(integer(15)), version: Int(integer(13)))
    }

    /// Parameters 1…15, shared by insert and update: id, owner, the fields, sort name, version.
    private static func fields(of contact: Contact) -> [Value] {
        [
            .text(contact.id.rawValue), .text(contact.ownerID.rawValue), .text(contact.firstName), .text(contact.lastName),
            .text(contact.email), .text(contact.phone), .text(contact.birthday?.description), .text(contact.address.street),
            .text(contact.address.street2), .text(contact.address.city), .text(contact.address.province),
            .text(contact.address.postalCode), .text(contact.address.country), .text(contact.sortName),
            .integer(Int64(contact.version)),
        ]
    }

    private static func milliseconds(_ date: Date) -> Int64 { UnixMilliseconds.from(date) }
    private static func date(_ milliseconds: Int64) -> Date { UnixMilliseconds.date(milliseconds) }
}
