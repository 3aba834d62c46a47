import Domain

/// Converts the path id and words the draft with what submit still needs.
public final class TransferDraftShowPresenter: TransferDraftShowUseCaseOutput, StorageFailurePresenter {
    private let flow: TransferFlow
    private let output: any ViewModelPresenterOutput<TransferDraftViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(flow: TransferFlow, output: any ViewModelPresenterOutput<TransferDraftViewModel>, messages: Messages) {
        self.flow = flow
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        flow.eventShow(id: TransferDraftID(id), output: self)
    }

    public func presentDraft(_ draft: TransferDraftPresentationModel) {
        output.show(TransferDraftViewModel(draft, language: messages.language))
    }

    public func presentDraftNotFound(_ id: TransferDraftID) { output.showNotFound(TransferFailureWording.draftNotFound(messages: messages)) }
}
