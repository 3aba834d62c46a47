/// `POST /v1/contacts`: adds a contact to the owner's address book.
///
/// Outcomes: `presentCreated(_:)`, `presentValidationFailures(_:)` (no name, implausible
/// email), storage failures.
public struct ContactCreateUseCase {
    private let contacts: any ContactManager
    private let owner: UserID
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(contacts: any ContactManager, owner: UserID, clock: any Clock, ids: any IDGenerator) {
        self.contacts = contacts
        self.owner = owner
        self.clock = clock
        self.ids = ids
    }

    public func eventCreate(_ fields: ContactFields, output: any ContactCreateUseCaseOutput) {
        ContactCreateTransformer(contacts: contacts, clock: clock, ids: ids).transform(fields, owner: owner, output: output)
    }
}
