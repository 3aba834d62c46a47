import Domain

/// Converts the path id and words the recipient's decline of money sent to them.
public final class TransferDeclinePresenter: TransferDeclineUseCaseOutput, TransferResolutionPresenter {
    private let useCase: TransferDeclineUseCase
    private let output: any ViewModelPresenterOutput<IncomingTransferViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    public var refusalOutput: any NotFoundPresenterOutput & RefusalPresenterOutput { output }

    public init(useCase: TransferDeclineUseCase, output: any ViewModelPresenterOutput<IncomingTransferViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventDecline(id: String) {
        guard let id = transferID(id, malformed: output) else { return }
        useCase.eventDecline(id: id, output: self)
    }

    public func presentDeclined(_ transfer: IncomingTransferPresentationModel) {
        output.show(IncomingTransferViewModel(transfer, messages: messages))
    }
}
