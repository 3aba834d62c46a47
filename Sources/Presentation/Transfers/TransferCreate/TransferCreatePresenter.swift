import Domain

/// Converts a transfer's body, reporting format errors (400) and amount syntax errors (422 at
/// `/amount`) itself, and words the outcome.
public final class TransferCreatePresenter: TransferCreateUseCaseOutput, TransferRecipientPresenter {
    private let useCase: TransferCreateUseCase
    private let output: any ViewModelPresenterOutput<TransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & ValidationPresenterOutput { output }
    public private(set) var sourceAccountID: AccountID?
    public private(set) var recipientIsContact = false

    public init(useCase: TransferCreateUseCase, output: any ViewModelPresenterOutput<TransferViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCreate(body: JSONValue) {
        var converter = TransferInputConverter(messages: messages)
        let request = converter.request(body)
        guard converter.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        guard converter.amountErrors.isEmpty else {
            output.showValidationFailures(TransferFailureWording.validation(converter.amountErrors, messages: messages))
            return
        }
        sourceAccountID = request.fromAccountID
        recipientIsContact = request.toAccountID == nil && request.toContactID != nil
        useCase.eventCreate(request, output: self)
    }

    public func presentCreated(_ transfer: TransferPresentationModel) {
        output.show(TransferViewModel(transfer, messages: messages))
    }

    public func presentValidationFailures(_ failures: [TransferFieldFailure]) {
        output.showValidationFailures(TransferFailureWording.problem(failures, messages: messages))
    }

    public func presentInsufficientFunds() { output.showValidationFailures(TransferFailureWording.insufficientFunds(messages: messages)) }

    public func presentInternalInconsistency(_ reason: String) { output.showInternalInconsistency(messages.failure(), reason: reason) }
}
