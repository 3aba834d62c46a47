import Domain

/// Converts the path id and the `{toAccountId}` body, and words the recipient's claim.
public final class TransferClaimPresenter: TransferClaimUseCaseOutput, TransferResolutionPresenter {
    private let useCase: TransferClaimUseCase
    private let output: any ViewModelPresenterOutput<IncomingTransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & RefusalPresenterOutput { output }

    public init(useCase: TransferClaimUseCase, output: any ViewModelPresenterOutput<IncomingTransferViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventClaim(id: String, body: JSONValue) {
        guard let id = transferID(id, malformed: output) else { return }
        var converter = TransferInputConverter(messages: messages)
        let account = converter.claimAccount(body)
        guard converter.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        useCase.eventClaim(id: id, toAccountID: account, output: self)
    }

    public func presentClaimed(_ transfer: IncomingTransferPresentationModel) {
        output.show(IncomingTransferViewModel(transfer, messages: messages))
    }

    /// The claim's one field is the account to claim into, worded as such (not as a transfer's
    /// recipient).
    public func presentValidationFailures(_ failures: [TransferFieldFailure]) {
        let detail = messages.text(.claimAccountRequired)
        output.showValidationFailures(TransferFailureWording.validation(
            failures.map { _ in FieldErrorViewModel(pointer: TransferFailureWording.toAccountPointer, code: .required, detail: detail) }, messages: messages))
    }

    public func presentAccountNotFound(_ id: AccountID) {
        output.showNotFound(TransferFailureWording.referenceNotFound(at: TransferFailureWording.toAccountPointer, contact: false, messages: messages))
    }

    public func presentCurrencyMismatch() { output.showValidationFailures(TransferFailureWording.currencyMismatch(messages: messages)) }

    public func presentSameAccount() {
        output.showValidationFailures(TransferFailureWording.sameAccount(at: TransferFailureWording.toAccountPointer, messages: messages))
    }

    public func presentInternalInconsistency(_ reason: String) { output.showInternalInconsistency(messages.failure(), reason: reason) }
}
