import Domain
import Foundation

/// A contact on the wire; absent values are written as `null`, not left out.
public struct ContactViewModel: Encodable, Equatable, Sendable {
    /// The address part.
    public struct Address: Encodable, Equatable, Sendable {
        public let street: String?
        public let street2: String?
        public let city: String?
        public let province: String?
        public let postalCode: String?
        public let country: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(street, forKey: .street)
            try container.encode(street2, forKey: .street2)
            try container.encode(city, forKey: .city)
            try container.encode(province, forKey: .province)
            try container.encode(postalCode, forKey: .postalCode)
            try container.encode(country, forKey: .country)
        }

        enum CodingKeys: String, CodingKey { case street, street2, city, province, postalCode, country }
    }

    public let id: String
    public let firstName: String?
    public let lastName: String?
    public let contactName: String
    public let email: String?
    public let phone: String?
    public let birthday: String?
    public let address: Address
    public let createdAt: String
    public let updatedAt: String
    /// The `ETag` header value; not part of the body.
    public let etag: String

    public init(_ contact: ContactPresentationModel) {
        id = contact.id.rawValue
        firstName = contact.firstName
        lastName = contact.lastName
        contactName = ContactNaming.contactName(firstName: contact.firstName, lastName: contact.lastName)
        email = contact.email
        phone = contact.phone
        birthday = contact.birthday?.description
        address = Address(
            street: contact.address.street, street2: contact.address.street2, city: contact.address.city,
            province: contact.address.province, postalCode: contact.address.postalCode, country: contact.address.country)
        createdAt = Timestamp.format(contact.createdAt)
        updatedAt = Timestamp.format(contact.updatedAt)
        etag = ContactETag.format(version: contact.version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(contactName, forKey: .contactName)
        try container.encode(email, forKey: .email)
        try container.encode(phone, forKey: .phone)
        try container.encode(birthday, forKey: .birthday)
        try container.encode(address, forKey: .address)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, firstName, lastName, contactName, email, phone, birthday, address, createdAt, updatedAt
    }
}

/// How a contact is named for people: "Charlie Brown", or whichever part exists.
public enum ContactNaming {
    public static func contactName(firstName: String?, lastName: String?) -> String {
        [firstName, lastName].compactMap { $0 }.joined(separator: " ")
    }
}

/// Strong entity tags made from a contact's version: `"7"`.
public enum ContactETag {
    public static func format(version: Int) -> String { "\"\(version)\"" }

    /// What an `If-Match` value asks for.
    public enum Condition: Equatable, Sendable {
        /// `*`: whatever is stored.
        case any
        case version(Int)
    }

    /// `*` or one strong entity tag of ours; nil for anything else (weak tags never match
    /// under `If-Match`'s strong comparison, so they are refused as malformed rather than
    /// silently failing).
    public static func parseIfMatch(_ value: String) -> Condition? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return .any }
        guard trimmed.count >= 3, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return nil }
        // Entity tags compare as opaque strings: only the exact digits we send can match.
        let inner = trimmed.dropFirst().dropLast()
        guard (1...18).contains(inner.utf8.count), inner.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), inner.first != "0",
            let version = Int(inner)
        else { return nil }
        return .version(version)
    }
}
