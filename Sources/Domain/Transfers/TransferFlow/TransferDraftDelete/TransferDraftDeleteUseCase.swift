/// Abandons the flow: removes the draft `TransferFlow` loaded; nothing else changes.
///
/// Outcomes: `presentDeleted()`, `presentDraftNotFound(_:)` (gone meanwhile), storage failures.
public struct TransferDraftDeleteUseCase {
    private let state: TransferDraftState
    private let drafts: any TransferDraftManager

    public init(state: TransferDraftState, drafts: any TransferDraftManager) {
        self.state = state
        self.drafts = drafts
    }

    public func eventDelete(output: any TransferDraftDeleteUseCaseOutput) {
        do {
            guard try drafts.delete(id: state.id, owner: state.ownerID) else {
                output.presentDraftNotFound(state.id)
                return
            }
            output.presentDeleted()
        } catch {
            output.presentStorage(error)
        }
    }
}
