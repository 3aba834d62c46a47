/// The "delete contact" event.
public struct ContactDeleteTransformer {
    private let contacts: any ContactManager
    private let clock: any Clock

    public init(contacts: any ContactManager, clock: any Clock) {
        self.contacts = contacts
        self.clock = clock
    }

    public func transform(id: ContactID, owner: UserID, output: any ContactDeleteUseCaseOutput) {
        do {
            if try contacts.delete(id: id, owner: owner, at: clock.now()) {
                output.presentDeleted()
            } else {
                output.presentNotFound(id)
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
