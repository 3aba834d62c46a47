import Domain

/// Converts the history's query parameters and words the page, or the empty-history message on
/// an empty first page.
public final class TransferListPresenter: TransferListUseCaseOutput, StorageFailurePresenter {
    private let useCase: TransferListUseCase
    private let output: any ViewModelPresenterOutput<TransferListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }
    private var isFirstPage = true

    public init(useCase: TransferListUseCase, output: any ViewModelPresenterOutput<TransferListViewModel>, messages: Messages) {
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

    public func presentTransfers(_ transfers: [TransferPresentationModel], next: TransferCursor?) {
        output.show(TransferListViewModel(
            items: transfers.map { TransferViewModel($0, messages: messages) }, nextCursor: next.map(TransferCursorCoding.encode),
            message: transfers.isEmpty && isFirstPage ? messages.text(.noTransfersFound) : nil))
    }
}
