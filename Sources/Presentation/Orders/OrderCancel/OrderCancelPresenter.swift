import Domain

/// Converts the path id and words the cancellation or why it cannot happen.
public final class OrderCancelPresenter: OrderCancelUseCaseOutput, StorageFailurePresenter {
    private let useCase: OrderCancelUseCase
    private let output: any OrderCancelPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: OrderCancelUseCase, output: any OrderCancelPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCancel(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventCancel(id: OrderID(id), output: self)
    }

    public func presentCancelled(_ order: OrderPresentationModel) { output.showCancelled(OrderViewModel(order, messages: messages)) }
    public func presentNotFound(_ id: OrderID) { output.showNotFound(OrderFailureWording.notFound(messages: messages)) }

    public func presentInvalidTransition(_ order: OrderPresentationModel) {
        output.showInvalidTransition(OrderFailureWording.invalidTransition(messages: messages), current: OrderViewModel(order, messages: messages))
    }
}
