/// `GET /v1/contacts/{id}`: one of the owner's contacts.
///
/// Outcomes: `presentContact(_:)`, `presentNotFound(_:)`, storage failures.
public struct ContactShowUseCase {
    private let contacts: any ContactManager
    private let owner: UserID

    public init(contacts: any ContactManager, owner: UserID) {
        self.contacts = contacts
        self.owner = owner
    }

    public func eventShow(id: ContactID, output: any ContactShowUseCaseOutput) {
        do {
            guard let contact = try contacts.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            output.presentContact(ContactPresentationModel(contact))
        } catch {
            output.presentStorage(error)
        }
    }
}
