/// The "change contact" event: applies a partial update if the client saw the latest version.
public struct ContactUpdateTransformer {
    private let contacts: any ContactManager
    private let clock: any Clock

    public init(contacts: any ContactManager, clock: any Clock) {
        self.contacts = contacts
        self.clock = clock
    }

    /// - Parameter expectedVersion: from `If-Match`; nil updates whatever is stored.
    public func transform(id: ContactID, changes: ContactChanges, expectedVersion: Int?, owner: UserID, output: any ContactUpdateUseCaseOutput) {
        do {
            guard let current = try contacts.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            if let expectedVersion, expectedVersion != current.version {
                output.presentStale(ContactPresentationModel(current))
                return
            }
            let fields = changes.applied(to: current)
            let failures = ContactRules.failures(of: fields)
            guard failures.isEmpty else {
                output.presentValidationFailures(failures)
                return
            }
            var updated = current
            updated.firstName = fields.firstName
            updated.lastName = fields.lastName
            updated.email = fields.email
            updated.phone = fields.phone
            updated.birthday = fields.birthday
            updated.address = fields.address
            updated.updatedAt = clock.now()
            updated.version = current.version + 1
            guard try contacts.update(updated, expectedVersion: current.version) else {
                // Changed or deleted between our read and our write: say what is there now.
                if let latest = try contacts.fetch(id: id, owner: owner) {
                    output.presentStale(ContactPresentationModel(latest))
                } else {
                    output.presentNotFound(id)
                }
                return
            }
            output.presentUpdated(ContactPresentationModel(updated))
        } catch {
            output.presentStorage(error)
        }
    }
}
