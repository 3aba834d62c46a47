import Foundation

/// A contact as use cases report it: entity data, unformatted.
public struct ContactPresentationModel: Equatable, Sendable {
    public let id: ContactID
    public let firstName: String?
    public let lastName: String?
    public let email: String?
    public let phone: String?
    public let birthday: CalendarDate?
    public let address: PostalAddress
    public let createdAt: Date
    public let updatedAt: Date
    public let version: Int

    public init(_ contact: Contact) {
        id = contact.id
        firstName = contact.firstName
        lastName = contact.lastName
        email = contact.email
        phone = contact.phone
        birthday = contact.birthday
        address = contact.address
        createdAt = contact.createdAt
        updatedAt = contact.updatedAt
        version = contact.version
    }
}
