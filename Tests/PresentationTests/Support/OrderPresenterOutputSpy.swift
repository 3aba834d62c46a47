import Presentation

/// Records what the order cancel Presenter shows: its own second outcome besides the common ones.
final class OrderPresenterOutputSpy: OrderCancelPresenterOutput {
    enum Shown: Equatable {
        case cancelled(OrderViewModel)
        case invalidTransition(ProblemViewModel, OrderViewModel)
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
        case internalInconsistency(ProblemViewModel, reason: String)
    }

    private(set) var shown: [Shown] = []

    /// The one problem shown, whatever its kind.
    var problem: ProblemViewModel? {
        guard shown.count == 1 else { return nil }
        switch shown[0] {
        case .malformed(let problem), .notFound(let problem), .validation(let problem), .unavailable(let problem), .failure(let problem):
            return problem
        default: return nil
        }
    }

    func showCancelled(_ order: OrderViewModel) { shown.append(.cancelled(order)) }
    func showInvalidTransition(_ problem: ProblemViewModel, current: OrderViewModel) { shown.append(.invalidTransition(problem, current)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showNotImplemented(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) { shown.append(.internalInconsistency(problem, reason: reason)) }
}
