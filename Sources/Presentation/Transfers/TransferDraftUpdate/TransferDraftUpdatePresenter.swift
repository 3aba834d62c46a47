import Domain

/// Converts one step's body (`{amount}`, `{toAccountId | toContactId}` or `{memo}`) and words the
/// draft as it now stands, or why the step was refused.
public final class TransferDraftUpdatePresenter: TransferDraftUpdateUseCaseOutput, TransferRecipientPresenter {
    private let flow: TransferFlow
    private let output: any TransferDraftUpdatePresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & ValidationPresenterOutput { output }
    /// A step never names the source.
    public let sourceAccountID: AccountID? = nil
    public private(set) var recipientIsContact = false

    public init(flow: TransferFlow, output: any TransferDraftUpdatePresenterOutput, messages: Messages) {
        self.flow = flow
        self.output = output
        self.messages = messages
    }

    public func eventUpdate(id: String, body: JSONValue) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        var converter = TransferInputConverter(messages: messages)
        let change = converter.change(body)
        guard converter.errors.isEmpty, let change else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        guard converter.amountErrors.isEmpty else {
            output.showValidationFailures(TransferFailureWording.validation(converter.amountErrors, messages: messages))
            return
        }
        if case .recipient(let toAccountID, let toContactID) = change { recipientIsContact = toAccountID == nil && toContactID != nil }
        flow.eventUpdate(id: TransferDraftID(id), change: change, output: self)
    }

    public func presentDraft(_ draft: TransferDraftPresentationModel) {
        output.showDraft(TransferDraftViewModel(draft, language: messages.language))
    }

    public func presentValidationFailures(_ failures: [TransferFieldFailure]) {
        output.showValidationFailures(TransferFailureWording.problem(failures, messages: messages))
    }

    public func presentDraftNotFound(_ id: TransferDraftID) { output.showNotFound(TransferFailureWording.draftNotFound(messages: messages)) }

    public func presentConflict() { output.showConflict(TransferFailureWording.draftChanged(messages: messages)) }
}
