import Foundation

/// A contact as a list row needs it.
public struct ContactSummaryPresentationModel: Equatable, Sendable {
    public let id: ContactID
    public let firstName: String?
    public let lastName: String?
    public let phone: String?

    public init(_ summary: ContactSummary) {
        id = summary.id
        firstName = summary.firstName
        lastName = summary.lastName
        phone = summary.phone
    }
}
