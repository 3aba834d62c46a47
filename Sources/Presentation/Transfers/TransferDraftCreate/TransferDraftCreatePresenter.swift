import Domain

/// Converts `{fromAccountId}` and words the new draft, or why there is none.
public final class TransferDraftCreatePresenter: TransferDraftCreateUseCaseOutput, StorageFailurePresenter {
    private let flow: TransferFlow
    private let output: any ViewModelPresenterOutput<TransferDraftViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(flow: TransferFlow, output: any ViewModelPresenterOutput<TransferDraftViewModel>, messages: Messages) {
        self.flow = flow
        self.output = output
        self.messages = messages
    }

    public func eventCreate(body: JSONValue) {
        var converter = TransferInputConverter(messages: messages)
        let source = converter.source(body)
        guard converter.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        flow.eventCreate(fromAccountID: source, output: self)
    }

    public func presentCreated(_ draft: TransferDraftPresentationModel) {
        output.show(TransferDraftViewModel(draft, language: messages.language))
    }

    public func presentValidationFailures(_ failures: [TransferFieldFailure]) {
        output.showValidationFailures(TransferFailureWording.problem(failures, messages: messages))
    }

    public func presentAccountNotFound(_ id: AccountID) {
        output.showNotFound(TransferFailureWording.referenceNotFound(at: TransferFailureWording.fromAccountPointer, contact: false, messages: messages))
    }
}
