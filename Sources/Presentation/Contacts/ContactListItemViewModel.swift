import Domain

/// One row of the contact list.
public struct ContactListItemViewModel: Equatable, Sendable {
    public let id: String
    public let contactName: String
    public let phone: String?

    public init(_ contact: ContactSummaryPresentationModel) {
        id = contact.id.rawValue
        contactName = ContactNaming.contactName(firstName: contact.firstName, lastName: contact.lastName)
        phone = contact.phone
    }

}

extension ContactListItemViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("contactName", contactName)
        output.field("phone", phone)
        output.endObject()
    }
}
