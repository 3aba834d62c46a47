/// Shows the draft `TransferFlow` loaded, with what is still missing.
///
/// Outcomes: `presentDraft(_:)` (a missing draft is the flow's `presentDraftNotFound(_:)`).
public struct TransferDraftShowUseCase {
    private let state: TransferDraftState

    public init(state: TransferDraftState) {
        self.state = state
    }

    public func eventShow(output: any TransferDraftShowUseCaseOutput) {
        output.presentDraft(TransferDraftPresentationModel(state))
    }
}
