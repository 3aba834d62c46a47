import Presentation

/// Records what the report and sorted-transactions Presenters show: scenes with outcomes of their own.
final class AccountsPresenterOutputSpy: AccountReportPresenterOutput, SortedTransactionsPresenterOutput {
    enum Shown: Equatable {
        case report(AccountReportViewModel)
        case sorted(SortedTransactionListViewModel)
        case sortedNotFound(SortedTransactionsNotFoundViewModel)
        case malformed(ProblemViewModel)
        case notFound(ProblemViewModel)
        case validation(ProblemViewModel)
        case unavailable(ProblemViewModel)
        case failure(ProblemViewModel)
    }

    private(set) var shown: [Shown] = []
    /// The rows of the report being shown, until its end makes them one `.report`.
    private var reportRows: [AccountReportRowViewModel] = []

    func showReportBegin() {}
    func showReportRow(_ row: AccountReportRowViewModel) { reportRows.append(row) }
    func showReportEnd() {
        shown.append(.report(AccountReportViewModel(rows: reportRows)))
        reportRows = []
    }
    func showSortedTransactions(_ list: SortedTransactionListViewModel) { shown.append(.sorted(list)) }
    func showTransactionsNotFound(_ notFound: SortedTransactionsNotFoundViewModel) { shown.append(.sortedNotFound(notFound)) }
    func showMalformedInput(_ problem: ProblemViewModel) { shown.append(.malformed(problem)) }
    func showNotFound(_ problem: ProblemViewModel) { shown.append(.notFound(problem)) }
    func showValidationFailures(_ problem: ProblemViewModel) { shown.append(.validation(problem)) }
    func showStorageUnavailable(_ problem: ProblemViewModel) { shown.append(.unavailable(problem)) }
    func showStorageFailure(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showQuotaExceeded(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
    func showNotImplemented(_ problem: ProblemViewModel) { shown.append(.failure(problem)) }
}

/// What a writable view model writes, as text.
func json(_ value: some JSONWritable) -> String {
    var output = JSONOutput()
    value.write(to: &output)
    return String(decoding: output.bytes, as: UTF8.self)
}
