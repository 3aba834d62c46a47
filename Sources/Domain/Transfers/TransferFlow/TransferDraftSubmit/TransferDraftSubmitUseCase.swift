/// The flow's last screen: runs the one-step path's `TransferCreateTransformer` on the injected
/// draft state, which deletes the draft in the transfer's own write transaction. A submitted
/// draft is then not found (404), like any other gone draft; the transfer is at
/// `GET /v1/transfers/{id}` and in the sender's history.
///
/// Outcomes: `presentIncomplete(_:)`, `presentDraftNotFound(_:)` (a racing submit or expiry
/// won), and every outcome of `TransferCreateUseCaseOutput`.
public struct TransferDraftSubmitUseCase {
    private let state: TransferDraftState
    private let transformer: TransferCreateTransformer

    public init(state: TransferDraftState, transformer: TransferCreateTransformer) {
        self.state = state
        self.transformer = transformer
    }

    public func eventSubmit(output: any TransferDraftSubmitUseCaseOutput) {
        let missing = state.missing
        guard missing.isEmpty else {
            output.presentIncomplete(missing)
            return
        }
        transformer.transform(state.request, owner: state.ownerID, consuming: state.id, output: output)
    }
}
