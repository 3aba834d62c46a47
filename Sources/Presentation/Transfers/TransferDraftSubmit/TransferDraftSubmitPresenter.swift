import Domain

/// Converts the path id and words the submitted transfer, or why the draft could not be sent.
/// Refusals point at the field of the step that set the refused value (`/amount`, `/toAccountId`).
public final class TransferDraftSubmitPresenter: TransferDraftSubmitUseCaseOutput, TransferRecipientPresenter {
    private let flow: TransferFlow
    private let output: any ViewModelPresenterOutput<TransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & ValidationPresenterOutput { output }
    /// Submit has no body; the source was checked when the draft was created.
    public let sourceAccountID: AccountID? = nil
    public let recipientIsContact = false

    public init(flow: TransferFlow, output: any ViewModelPresenterOutput<TransferViewModel>, messages: Messages) {
        self.flow = flow
        self.output = output
        self.messages = messages
    }

    public func eventSubmit(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        flow.eventSubmit(id: TransferDraftID(id), output: self)
    }

    public func presentCreated(_ transfer: TransferPresentationModel) {
        output.show(TransferViewModel(transfer, messages: messages))
    }

    public func presentValidationFailures(_ failures: [TransferFieldFailure]) {
        output.showValidationFailures(TransferFailureWording.problem(failures, messages: messages))
    }

    public func presentInsufficientFunds() { output.showValidationFailures(TransferFailureWording.insufficientFunds(messages: messages)) }

    public func presentInternalInconsistency(_ reason: String) { output.showInternalInconsistency(messages.failure(), reason: reason) }

    public func presentIncomplete(_ missing: [TransferDraftStep]) {
        output.showValidationFailures(TransferFailureWording.incomplete(missing, messages: messages))
    }

    public func presentDraftNotFound(_ id: TransferDraftID) { output.showNotFound(TransferFailureWording.draftNotFound(messages: messages)) }
}
