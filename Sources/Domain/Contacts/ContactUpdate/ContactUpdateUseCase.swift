/// `PATCH /v1/contacts/{id}`: changes some fields of one of the owner's contacts.
///
/// Outcomes: `presentUpdated(_:)`, `presentNotFound(_:)`, `presentValidationFailures(_:)`,
/// `presentStale(_:)` (stale `If-Match`), storage failures.
public struct ContactUpdateUseCase {
    private let contacts: any ContactManager
    private let owner: UserID
    private let clock: any Clock

    public init(contacts: any ContactManager, owner: UserID, clock: any Clock) {
        self.contacts = contacts
        self.owner = owner
        self.clock = clock
    }

    public func eventUpdate(id: ContactID, changes: ContactChanges, expectedVersion: Int?, output: any ContactUpdateUseCaseOutput) {
        ContactUpdateTransformer(contacts: contacts, clock: clock)
            .transform(id: id, changes: changes, expectedVersion: expectedVersion, owner: owner, output: output)
    }
}
