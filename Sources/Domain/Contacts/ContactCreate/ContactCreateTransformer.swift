/// The "create contact" event: checks the rules, stores the new contact, reports it.
public struct ContactCreateTransformer {
    private let contacts: any ContactManager
    private let clock: any Clock
    private let ids: any IDGenerator

    public init(contacts: any ContactManager, clock: any Clock, ids: any IDGenerator) {
        self.contacts = contacts
        self.clock = clock
        self.ids = ids
    }

    public func transform(_ fields: ContactFields, owner: UserID, output: any ContactCreateUseCaseOutput) {
        let failures = ContactRules.failures(of: fields)
        guard failures.isEmpty else {
            output.presentValidationFailures(failures)
            return
        }
        let now = clock.now()
        let contact = Contact(
            id: ContactID(ids.makeID(prefix: "c_")), ownerID: owner, firstName: fields.firstName,
            lastName: fields.lastName, email: fields.email, phone: fields.phone, birthday: fields.birthday,
            address: fields.address, createdAt: now, updatedAt: now, version: 1)
        do {
            try contacts.insert(contact)
            output.presentCreated(ContactPresentationModel(contact))
        } catch {
            output.presentStorage(error)
        }
    }
}
