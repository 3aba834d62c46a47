import Domain

/// Converts the path id and the filter, page and cursor parameters, and words the page.
public final class TransactionListPresenter: TransactionListUseCaseOutput, StorageFailurePresenter {
    private let useCase: TransactionListUseCase
    private let output: any ViewModelPresenterOutput<TransactionListViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: TransactionListUseCase, output: any ViewModelPresenterOutput<TransactionListViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// The raw values of `id` (path), `group`, `from`, `to`, `limit` and `cursor` (query).
    public func eventList(id: String, group: String?, from: String?, to: String?, limit: String?, cursor: String?) {
        var reader = QueryReader(messages: messages)
        let account = reader.accountID(id)
        let filter = TransactionFilter(group: reader.group(group), from: reader.date(from, parameter: "from"), to: reader.date(to, parameter: "to"))
        let pageSize = reader.limit(limit)
        let after = reader.cursor(cursor, TransactionCursorCoding.decode)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventList(account: account, filter: filter, after: after, limit: pageSize, output: self)
    }

    public func presentTransactions(_ transactions: [TransactionPresentationModel], next: TransactionCursor?, pending: Money) {
        output.show(TransactionListViewModel(
            page: PageViewModel(
                items: transactions.map { TransactionViewModel($0, language: messages.language) },
                nextCursor: next.map(TransactionCursorCoding.encode), message: nil),
            pending: MoneyViewModel(pending, language: messages.language)))
    }

    public func presentNoTransactions(pending: Money) {
        output.show(TransactionListViewModel(
            page: PageViewModel(items: [], nextCursor: nil, message: messages.text(.noTransactionsFound)),
            pending: MoneyViewModel(pending, language: messages.language)))
    }

    public func presentNotFound(_ id: AccountID) { output.showNotFound(AccountFailureWording.notFound(messages: messages)) }

    public func presentInvalidRange(_ failure: DateRangeFailure) {
        output.showValidationFailures(AccountFailureWording.invalidRange(failure, messages: messages))
    }
}
