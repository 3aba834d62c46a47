import Domain

/// Converts the query parameters and words a page of the money waiting for the user, or the
/// empty message on an empty first page.
public final class IncomingTransferListPresenter: IncomingTransferListUseCaseOutput, StorageFailurePresenter {
    private let useCase: IncomingTransferListUseCase
    private let output: any ViewModelPresenterOutput<IncomingTransferListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    private var isFirstPage = true

    public init(useCase: IncomingTransferListUseCase, output: any ViewModelPresenterOutput<IncomingTransferListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// Raw query values as the client sent them (already percent-decoded).
    public func eventList(limit: String?, cursor: String?) {
        var reader = QueryReader(messages: messages)
        let pageSize = reader.limit(limit)
        let after = reader.cursor(cursor, TransferCursorCoding.decode)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        isFirstPage = after == nil
        useCase.eventList(after: after, limit: pageSize, output: self)
    }

    public func presentIncoming(_ transfers: [IncomingTransferPresentationModel], next: TransferCursor?) {
        output.show(IncomingTransferListViewModel(
            items: transfers.map { IncomingTransferViewModel($0, messages: messages) }, nextCursor: next.map(TransferCursorCoding.encode),
            message: transfers.isEmpty && isFirstPage ? messages.text(.noIncomingTransfers) : nil))
    }

    public func presentEmailNotVerified() { output.showRefusal(TransferStatusWording.emailNotVerified(messages: messages)) }
}
