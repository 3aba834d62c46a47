import Presentation

/// Records what the Presenter of a one-ViewModel scene shows, for any ViewModel type.
final class ViewModelOutputSpy<ViewModel: Equatable>: ViewModelPresenterOutput {
    enum Shown: Equatable {
        case viewModel(ViewModel)
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unauthorized(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
        case notImplemented(ProblemViewModel)
        case refusal(ProblemViewModel)
        case internalInconsistency(ProblemViewModel, reason: String)
    }

    private(set) var shown: [Shown] = []

    /// The one problem shown, whatever its kind.
    var problem: ProblemViewModel? {
        guard shown.count == 1 else { return nil }
        switch shown[0] {
        case .malformed(let problem), .notFound(let problem), .validation(let problem), .unauthorized(let problem), .unavailable(let problem),
            .failure(let problem), .notImplemented(let problem), .refusal(let problem):
            return problem
        case .viewModel, .internalInconsistency: return nil
        }
    }

    func show(_ viewModel: ViewModel) { shown.append(.viewModel(viewModel)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showUnauthorized(_ problem: ProblemViewModel) { shown.append(.unauthorized(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showNotImplemented(_ problem: ProblemViewModel) { shown.append(.notImplemented(problem)) }
    func showRefusal(_ problem: ProblemViewModel) { shown.append(.refusal(problem)) }
    func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) { shown.append(.internalInconsistency(problem, reason: reason)) }
}
