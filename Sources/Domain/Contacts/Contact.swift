import Foundation

/// One entry of a user's address book.
public struct Contact: Equatable, Sendable {
    public var id: ContactID
    public var ownerID: UserID
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phone: String?
    public var birthday: CalendarDate?
    public var address: PostalAddress
    public var createdAt: Date
    public var updatedAt: Date
    /// Bumped on every change; the ETag is made from it.
    public var version: Int

    public init(
        id: ContactID, ownerID: UserID, firstName: String? = nil, lastName: String? = nil, email: String? = nil,
        phone: String? = nil, birthday: CalendarDate? = nil, address: PostalAddress = PostalAddress(),
        createdAt: Date, updatedAt: Date, version: Int = 1
    ) {
        self.id = id
        self.ownerID = ownerID
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.birthday = birthday
        self.address = address
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The key the address book is sorted by: last name, then first name, case-folded.
    public var sortName: String { Self.sortName(firstName: firstName, lastName: lastName) }

    /// `sortName` of a contact with these names: a list's summaries carry no whole contact.
    public static func sortName(firstName: String?, lastName: String?) -> String {
        [lastName, firstName].compactMap { $0 }.joined(separator: " ").lowercased()
    }
}
