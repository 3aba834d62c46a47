import Domain

/// One row of the contact list.
public struct ContactListItemViewModel: Encodable, Equatable, Sendable {
    public let id: String
    public let contactName: String
    public let phone: String?

    public init(_ contact: ContactSummaryPresentationModel) {
        id = contact.id.rawValue
        contactName = ContactNaming.contactName(firstName: contact.firstName, lastName: contact.lastName)
        phone = contact.phone
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(contactName, forKey: .contactName)
        try container.encode(phone, forKey: .phone)
    }

    enum CodingKeys: String, CodingKey { case id, contactName, phone }
}

/// A page of the contact list: `{"items": [...], "nextCursor": ... | null}`, plus a localized
/// `message` on an empty first page.
public struct ContactListViewModel: Encodable, Equatable, Sendable {
    public let items: [ContactListItemViewModel]
    public let nextCursor: String?
    public let message: String?

    public init(items: [ContactListItemViewModel], nextCursor: String?, message: String?) {
        self.items = items
        self.nextCursor = nextCursor
        self.message = message
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor, message }
}
