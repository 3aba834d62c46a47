import Domain

/// Records the compatibility listing's events.
final class SortedTransactionsOutputSpy: SortedTransactionsUseCaseOutput {
    enum Event: Equatable {
        case transactions([TransactionPresentationModel])
        case notFound
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    func presentSortedTransactions(_ transactions: [TransactionPresentationModel]) { events.append(.transactions(transactions)) }
    func presentTransactionsNotFound() { events.append(.notFound) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
