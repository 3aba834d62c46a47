/// `GET /v1/accounts/{id}/transactions`: a page of one of the owner's accounts' transactions,
/// newest first, optionally of one group and between two dates.
///
/// Outcomes: `presentTransactions(_:next:pending:)`, `presentNoTransactions(pending:)`, `presentNotFound(_:)`,
/// `presentInvalidRange(.fromAfterTo)`, storage failures.
public struct TransactionListUseCase {
    private let accounts: any AccountManager
    private let transactions: any TransactionManager
    private let owner: UserID

    public init(accounts: any AccountManager, transactions: any TransactionManager, owner: UserID) {
        self.accounts = accounts
        self.transactions = transactions
        self.owner = owner
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(account id: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int, output: any TransactionListUseCaseOutput) {
        if let from = filter.from, let to = filter.to, from > to {
            output.presentInvalidRange(.fromAfterTo)
            return
        }
        do {
            guard let account = try accounts.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            // One extra row tells whether another page follows without a COUNT.
            let rows = try transactions.list(account: account.id, filter: filter, after: cursor, limit: limit + 1)
            // What pending transfers hold is no row yet: shown beside the rows, apart from them.
            let pending = Money(minor: try accounts.amounts(of: account.id).pending, currency: account.currency)
            if rows.isEmpty && cursor == nil {
                output.presentNoTransactions(pending: pending)
                return
            }
            let page = rows.prefix(limit)
            let next = rows.count > limit ? page.last.flatMap { last in last.sequence.map { TransactionCursor(date: last.date, sequence: $0) } } : nil
            output.presentTransactions(page.map { TransactionPresentationModel($0, currency: account.currency) }, next: next, pending: pending)
        } catch {
            output.presentStorage(error)
        }
    }
}
