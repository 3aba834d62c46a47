import Domain
import Foundation

/// A contact on the wire; absent values are written as `null`, not left out. Beside the machine
/// values, what a client shows as it is: the birthday in the client's language, the address as
/// its lines.
public struct ContactViewModel: Equatable, Sendable {
    /// The address part.
    public struct Address: Equatable, Sendable {
        public let street: String?
        public let street2: String?
        public let city: String?
        public let province: String?
        public let postalCode: String?
        public let country: String?

    }

    public let id: String
    public let firstName: String?
    public let lastName: String?
    public let contactName: String
    public let email: String?
    public let phone: String?
    public let birthday: String?
    /// `Oct 02, 1950` / `02 oct. 1950`; nil without a birthday.
    public let birthdayFormatted: String?
    public let address: Address
    /// The address as written on an envelope, in its country's order (`AddressLines`); empty
    /// without an address.
    public let addressLines: [String]
    public let createdAt: String
    public let updatedAt: String
    /// The `ETag` header value; not part of the body.
    public let etag: String

    public init(_ contact: ContactPresentationModel, language: Language) {
        id = contact.id.rawValue
        firstName = contact.firstName
        lastName = contact.lastName
        contactName = ContactNaming.contactName(firstName: contact.firstName, lastName: contact.lastName)
        email = contact.email
        phone = contact.phone
        birthday = contact.birthday?.description
        birthdayFormatted = contact.birthday.map { DateFormatting.date($0, language: language) }
        address = Address(
            street: contact.address.street, street2: contact.address.street2, city: contact.address.city,
            province: contact.address.province, postalCode: contact.address.postalCode, country: contact.address.country)
        addressLines = AddressLines.lines(contact.address, language: language)
        createdAt = Timestamp.format(contact.createdAt)
        updatedAt = Timestamp.format(contact.updatedAt)
        etag = ContactETag.format(version: contact.version)
    }

}

/// The contact's one encoding: hand-written, since it is on every contacts response.
extension ContactViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("firstName", firstName)
        output.field("lastName", lastName)
        output.field("contactName", contactName)
        output.field("email", email)
        output.field("phone", phone)
        output.field("birthday", birthday)
        output.field("birthdayFormatted", birthdayFormatted)
        output.key("address")
        output.beginObject()
        output.field("street", address.street)
        output.field("street2", address.street2)
        output.field("city", address.city)
        output.field("province", address.province)
        output.field("postalCode", address.postalCode)
        output.field("country", address.country)
        output.endObject()
        output.key("addressLines")
        output.beginArray()
        for line in addressLines { output.string(line) }
        output.endArray()
        output.field("createdAt", createdAt)
        output.field("updatedAt", updatedAt)
        output.endObject()
    }
}
