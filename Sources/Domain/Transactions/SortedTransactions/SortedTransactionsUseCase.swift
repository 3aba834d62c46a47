/// `GET /api/sortedTransactions/{authorized|posted|all}`: the newest `maximumRowsPerGroup`
/// transactions of each group of one account, in the order the existing report clients expect,
/// for the signed-in user's first account or for the one account an operator made public.
///
/// The clients' format has no paging, so the rows are capped instead: one request (possibly
/// without a token, on a public account) never reads an account's whole history.
///
/// Outcomes: `presentSortedTransactions(_:)`, `presentTransactionsNotFound()`, storage failures.
public struct SortedTransactionsUseCase {
    /// The most rows of one group a listing holds: its newest, about 150 KB of JSON.
    public static let maximumRowsPerGroup = 1_000

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
            guard let account = try find() else {
                output.presentTransactionsNotFound()
                return
            }
            var rows: [Transaction] = []
            for group in selection.groups {
                // Newest first from storage, oldest first for the clients: by date, then insertion order.
                let newest = try transactions.list(
                    account: account.id, filter: TransactionFilter(group: group), after: nil, limit: Self.maximumRowsPerGroup)
                rows += newest.reversed()
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
