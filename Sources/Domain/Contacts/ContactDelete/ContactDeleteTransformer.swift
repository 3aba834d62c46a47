/// The "delete contact" event.
public struct ContactDeleteTransformer {
    private let contacts: any ContactManager

    public init(contacts: any ContactManager) {
        self.contacts = contacts
    }

    public func transform(id: ContactID, owner: UserID, output: any ContactDeleteUseCaseOutput) {
        do {
            if try contacts.delete(id: id, owner: owner) {
                output.presentDeleted()
            } else {
                output.presentNotFound(id)
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
