/// `DELETE /v1/contacts/{id}`: removes one of the owner's contacts.
///
/// Outcomes: `presentDeleted()`, `presentNotFound(_:)`, storage failures.
public struct ContactDeleteUseCase {
    private let contacts: any ContactManager
    private let owner: UserID
    private let clock: any Clock

    public init(contacts: any ContactManager, owner: UserID, clock: any Clock) {
        self.contacts = contacts
        self.owner = owner
        self.clock = clock
    }

    public func eventDelete(id: ContactID, output: any ContactDeleteUseCaseOutput) {
        ContactDeleteTransformer(contacts: contacts, clock: clock).transform(id: id, owner: owner, output: output)
    }
}
