import Foundation

/// A contact as a list row needs it.
public struct ContactSummaryPresentationModel: Equatable, Sendable {
    public let id: ContactID
    public let firstName: String?
    public let lastName: String?
    public let phone: String?

    public init(_ contact: Contact) {
        id = contact.id
        firstName = contact.firstName
        lastName = contact.lastName
        phone = contact.phone
    }
}
