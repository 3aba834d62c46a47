/// `GET /api/sortedTransactions/{authorized|posted|all}`: every transaction of one account in the
/// order the existing report clients expect, for the signed-in user's first account or for the one
/// account an operator made public.
///
/// Outcomes: `presentSortedTransactions(_:)`, `presentTransactionsNotFound()`, storage failures.
public struct SortedTransactionsUseCase {
    private let accounts: any AccountManager
    private let transactions: any TransactionManager

    public init(accounts: any AccountManager, transactions: any TransactionManager) {
        self.accounts = accounts
        self.transactions = transactions
    }

    /// The owner's first (oldest) account.
    public func eventList(_ selection: SortedTransactionsSelection, owner: UserID, output: any SortedTransactionsUseCaseOutput) {
        list(selection, output: output) { try accounts.list(owner: owner, after: nil, limit: 1).first }
    }

    /// The account named by `--public-report-account`, whoever owns it.
    public func eventList(_ selection: SortedTransactionsSelection, publicAccount id: AccountID, output: any SortedTransactionsUseCaseOutput) {
        list(selection, output: output) { try accounts.fetch(id: id) }
    }

    private func list(_ selection: SortedTransactionsSelection, output: any SortedTransactionsUseCaseOutput, account find: () throws -> Account?) {
        do {
            guard let account = try find(), let first = CalendarDate(year: 1, month: 1, day: 1),
                let last = CalendarDate(year: 9999, month: 12, day: 31)
            else {
                output.presentTransactionsNotFound()
                return
            }
            var rows: [Transaction] = []
            for group in selection.groups {
                rows += try transactions.transactions(account: account.id, group: group, from: first, to: last)
            }
            guard !rows.isEmpty else {
                output.presentTransactionsNotFound()
                return
            }
            output.presentSortedTransactions(rows.map { TransactionPresentationModel($0, currency: account.currency) })
        } catch {
            output.presentStorage(error)
        }
    }
}
