import Domain

/// Converts the path id and words an abandoned draft.
public final class TransferDraftDeletePresenter: TransferDraftDeleteUseCaseOutput, StorageFailurePresenter {
    private let flow: TransferFlow
    private let output: any NoContentPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(flow: TransferFlow, output: any NoContentPresenterOutput, messages: Messages) {
        self.flow = flow
        self.output = output
        self.messages = messages
    }

    public func eventDelete(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        flow.eventDelete(id: TransferDraftID(id), output: self)
    }

    public func presentDeleted() { output.showDone() }

    public func presentDraftNotFound(_ id: TransferDraftID) { output.showNotFound(TransferFailureWording.draftNotFound(messages: messages)) }
}
