import Domain

/// Converts the path id and words the sender's cancel of a pending transfer.
public final class TransferCancelPresenter: TransferCancelUseCaseOutput, TransferResolutionPresenter {
    private let useCase: TransferCancelUseCase
    private let output: any ViewModelPresenterOutput<TransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & RefusalPresenterOutput { output }

    public init(useCase: TransferCancelUseCase, output: any ViewModelPresenterOutput<TransferViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCancel(id: String) {
        guard let id = transferID(id, malformed: output) else { return }
        useCase.eventCancel(id: id, output: self)
    }

    public func presentCancelled(_ transfer: TransferPresentationModel) { output.show(TransferViewModel(transfer, messages: messages)) }
}
