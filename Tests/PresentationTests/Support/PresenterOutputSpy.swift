import Presentation

/// Records what a Presenter shows, for every contact scene.
final class PresenterOutputSpy: ContactListPresenterOutput, ContactShowPresenterOutput, ContactCreatePresenterOutput,
    ContactUpdatePresenterOutput, ContactDeletePresenterOutput
{
    enum Shown: Equatable {
        case list(ContactListViewModel)
        case contact(ContactViewModel)
        case created(ContactViewModel)
        case updated(ContactViewModel)
        case stale(ProblemViewModel, ContactViewModel)
        case deleted
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
    }

    private(set) var shown: [Shown] = []

    func showContacts(_ list: ContactListViewModel) { shown.append(.list(list)) }
    func showContact(_ contact: ContactViewModel) { shown.append(.contact(contact)) }
    func showCreated(_ contact: ContactViewModel) { shown.append(.created(contact)) }
    func showUpdated(_ contact: ContactViewModel) { shown.append(.updated(contact)) }
    func showStale(_ problem: ProblemViewModel, current: ContactViewModel) { shown.append(.stale(problem, current)) }
    func showDeleted() { shown.append(.deleted) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
}
