import Domain

/// Records, in order, every event the transaction list and import use cases report.
final class TransactionOutputSpy: TransactionListUseCaseOutput, TransactionImportUseCaseOutput {
    enum Event: Equatable {
        case transactions([TransactionPresentationModel], next: TransactionCursor?)
        case noTransactions
        case notFound(AccountID)
        case invalidRange(DateRangeFailure)
        case progress(Int, of: Int)
        case imported(Int, AccountID)
        case notJSON
        case notArray
        case malformed([TransactionFeedFailure])
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    func presentTransactions(_ transactions: [TransactionPresentationModel], next: TransactionCursor?, pending: Money) {
        events.append(.transactions(transactions, next: next))
    }
    func presentNoTransactions(pending: Money) { events.append(.noTransactions) }
    func presentNotFound(_ id: AccountID) { events.append(.notFound(id)) }
    func presentInvalidRange(_ failure: DateRangeFailure) { events.append(.invalidRange(failure)) }
    func presentProgress(stored: Int, of total: Int) { events.append(.progress(stored, of: total)) }
    func presentImported(count: Int, account: AccountID) { events.append(.imported(count, account)) }
    func presentFeedNotJSON(_ reason: String) { events.append(.notJSON) }
    func presentFeedNotArray() { events.append(.notArray) }
    func presentMalformedRows(_ failures: [TransactionFeedFailure]) { events.append(.malformed(failures)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
