import Domain

/// Converts `GET /v1/transactions/{id}`'s request and words its outcomes; written by the scaffold.
public final class TransactionShowPresenter: TransactionShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: TransactionShowUseCase
    private let output: any ViewModelPresenterOutput<TransactionViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: TransactionShowUseCase, output: any ViewModelPresenterOutput<TransactionViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID(parameter: "id"))
            return
        }
        useCase.eventShow(id: TransactionID(id), output: self)
    }

    public func present(_ model: TransactionPresentationModel) {
        output.show(TransactionViewModel(model, language: messages.language))
    }

    public func presentNotFound() { output.showNotFound(messages.notFound()) }
}
