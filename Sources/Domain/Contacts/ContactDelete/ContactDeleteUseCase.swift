/// `DELETE /v1/contacts/{id}`: removes one of the owner's contacts.
///
/// Outcomes: `presentDeleted()`, `presentNotFound(_:)`, storage failures.
public struct ContactDeleteUseCase {
    private let contacts: any ContactManager
    private let owner: UserID

    public init(contacts: any ContactManager, owner: UserID) {
        self.contacts = contacts
        self.owner = owner
    }

    public func eventDelete(id: ContactID, output: any ContactDeleteUseCaseOutput) {
        ContactDeleteTransformer(contacts: contacts).transform(id: id, owner: owner, output: output)
    }
}
