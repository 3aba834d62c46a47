import Domain

/// Converts an order's body, reporting format errors (400) itself, and words the outcome.
public final class OrderCreatePresenter: OrderCreateUseCaseOutput, StorageFailurePresenter {
    private let useCase: OrderCreateUseCase
    private let output: any ViewModelPresenterOutput<OrderViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: OrderCreateUseCase, output: any ViewModelPresenterOutput<OrderViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCreate(body: JSONValue) {
        var converter = OrderInputConverter(messages: messages)
        let request = converter.request(body)
        guard converter.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(converter.errors))
            return
        }
        useCase.eventCreate(request, output: self)
    }

    public func presentCreated(_ order: OrderPresentationModel) { output.show(OrderViewModel(order, messages: messages)) }

    public func presentInternalInconsistency(_ reason: String) { output.showInternalInconsistency(messages.failure(), reason: reason) }

    public func presentValidationFailures(_ failures: [OrderFieldFailure]) {
        output.showValidationFailures(OrderFailureWording.problem(failures, messages: messages))
    }

    public func presentContactNotFound(_ id: ContactID) { output.showNotFound(OrderFailureWording.contactNotFound(messages: messages)) }

    public func presentPaymentAccountNotFound(_ id: String) { output.showNotFound(OrderFailureWording.paymentAccountNotFound(messages: messages)) }
    public func presentPaymentCurrencyMismatch() { output.showValidationFailures(OrderFailureWording.paymentCurrencyMismatch(messages: messages)) }
    public func presentInsufficientFunds() { output.showValidationFailures(OrderFailureWording.insufficientFunds(messages: messages)) }
}
