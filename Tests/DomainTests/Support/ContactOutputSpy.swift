import Domain

/// Records, in order, every event any contact use case reports.
final class ContactOutputSpy: ContactListUseCaseOutput, ContactShowUseCaseOutput, ContactCreateUseCaseOutput,
    ContactUpdateUseCaseOutput, ContactDeleteUseCaseOutput
{
    enum Event: Equatable {
        case contacts([ContactSummaryPresentationModel], next: ContactCursor?)
        case noContacts
        case contact(ContactPresentationModel)
        case notFound(ContactID)
        case created(ContactPresentationModel)
        case updated(ContactPresentationModel)
        case stale(ContactPresentationModel)
        case deleted
        case validationFailures([ContactFieldFailure])
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    func presentContacts(_ contacts: [ContactSummaryPresentationModel], next: ContactCursor?) { events.append(.contacts(contacts, next: next)) }
    func presentNoContacts() { events.append(.noContacts) }
    func presentContact(_ contact: ContactPresentationModel) { events.append(.contact(contact)) }
    func presentNotFound(_ id: ContactID) { events.append(.notFound(id)) }
    func presentCreated(_ contact: ContactPresentationModel) { events.append(.created(contact)) }
    func presentUpdated(_ contact: ContactPresentationModel) { events.append(.updated(contact)) }
    func presentStale(_ current: ContactPresentationModel) { events.append(.stale(current)) }
    func presentDeleted() { events.append(.deleted) }
    func presentValidationFailures(_ failures: [ContactFieldFailure]) { events.append(.validationFailures(failures)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
