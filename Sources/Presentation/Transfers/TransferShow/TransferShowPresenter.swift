import Domain

/// Converts the path id and words one transfer of the sender's.
public final class TransferShowPresenter: TransferShowUseCaseOutput, StorageFailurePresenter {
    private let useCase: TransferShowUseCase
    private let output: any ViewModelPresenterOutput<TransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: TransferShowUseCase, output: any ViewModelPresenterOutput<TransferViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventShow(id: String) {
        guard IDFormat.isValid(id) else {
            output.showMalformedInput(messages.invalidID())
            return
        }
        useCase.eventShow(id: TransferID(id), output: self)
    }

    public func presentTransfer(_ transfer: TransferPresentationModel) {
        output.show(TransferViewModel(transfer, messages: messages))
    }

    public func presentNotFound(_ id: TransferID) { output.showNotFound(TransferFailureWording.notFound(messages: messages)) }
}
