import Domain

/// Converts the path id and words one order.
public final class OrderShowPresenter: OrderShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: OrderShowUseCase
    private let output: any ViewModelPresenterOutput<OrderViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: OrderShowUseCase, output: any ViewModelPresenterOutput<OrderViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventShow(id: OrderID(id), output: self)
    }

    public func presentOrder(_ order: OrderPresentationModel) { output.show(OrderViewModel(order, messages: messages)) }
    public func presentNotFound(_ id: OrderID) { output.showNotFound(OrderFailureWording.notFound(messages: messages)) }
}
