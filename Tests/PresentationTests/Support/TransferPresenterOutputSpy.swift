import Presentation

/// Records what a transfer or draft Presenter shows.
final class TransferPresenterOutputSpy: TransferCreatePresenterOutput, TransferShowPresenterOutput, TransferListPresenterOutput,
    TransferDraftCreatePresenterOutput, TransferDraftShowPresenterOutput, TransferDraftUpdatePresenterOutput, TransferDraftSubmitPresenterOutput,
    TransferDraftDeletePresenterOutput
{
    enum Shown: Equatable {
        case transfer(TransferViewModel)
        case transfers(TransferListViewModel)
        case draft(TransferDraftViewModel)
        case deleted
        case conflict(ProblemViewModel)
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
        case .malformed(let problem), .notFound(let problem), .validation(let problem), .unavailable(let problem), .failure(let problem),
            .conflict(let problem):
            return problem
        default: return nil
        }
    }

    func showCreated(_ transfer: TransferViewModel) { shown.append(.transfer(transfer)) }
    func showTransfer(_ transfer: TransferViewModel) { shown.append(.transfer(transfer)) }
    func showTransfers(_ list: TransferListViewModel) { shown.append(.transfers(list)) }
    func showCreated(_ draft: TransferDraftViewModel) { shown.append(.draft(draft)) }
    func showDraft(_ draft: TransferDraftViewModel) { shown.append(.draft(draft)) }
    func showDeleted() { shown.append(.deleted) }
    func showConflict(_ problem: ProblemViewModel) { shown.append(.conflict(problem)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) { shown.append(.internalInconsistency(problem, reason: reason)) }
}
