import Presentation

/// Records what the draft update Presenter shows: its own conflict outcome besides the common ones.
final class TransferPresenterOutputSpy: TransferDraftUpdatePresenterOutput {
    enum Shown: Equatable {
        case draft(TransferDraftViewModel)
        case conflict(ProblemViewModel)
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
    }

    private(set) var shown: [Shown] = []

    /// The one problem shown, whatever its kind.
    var problem: ProblemViewModel? {
        guard shown.count == 1 else { return nil }
        switch shown[0] {
        case .malformed(let problem), .notFound(let problem), .validation(let problem), .unavailable(let problem), .failure(let problem),
            .conflict(let problem):
            return problem
        default: return nil
        }
    }

    func showDraft(_ draft: TransferDraftViewModel) { shown.append(.draft(draft)) }
    func showConflict(_ problem: ProblemViewModel) { shown.append(.conflict(problem)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showNotImplemented(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
}
