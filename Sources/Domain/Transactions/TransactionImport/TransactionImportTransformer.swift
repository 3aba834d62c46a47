import Foundation

/// The "import feed" event: converts a card-processor feed for the account's currency and stores
/// every row, or nothing.
///
/// Imported rows record what already happened at the processor, so the available-funds rule
/// does not apply to them: a feed may take an account past its credit limit.
public struct TransactionImportTransformer {
    private let accounts: any AccountManager
    private let transactions: any TransactionManager
    private let ids: any IDGenerator

    public init(accounts: any AccountManager, transactions: any TransactionManager, ids: any IDGenerator) {
        self.accounts = accounts
        self.transactions = transactions
        self.ids = ids
    }

    public func transform(feed: Data, account id: AccountID, output: any TransactionImportUseCaseOutput) {
        do {
            guard let account = try accounts.fetch(id: id) else {
                output.presentNotFound(id)
                return
            }
            let rows: [TransactionFeedRow]
            do {
                rows = try TransactionFeed.parse(feed, currency: account.currency)
            } catch {
                switch error {
                case .notJSON(let reason): output.presentFeedNotJSON(reason)
                case .notArray: output.presentFeedNotArray()
                case .malformedRows(let failures): output.presentMalformedRows(failures)
                }
                return
            }
            let entities = rows.map { row in
                Transaction(
                    id: TransactionID(ids.makeID(prefix: "t_")), accountID: account.id, group: row.group, direction: row.direction,
                    date: row.date, description: row.description, amount: row.amount)
            }
            try transactions.insert(entities) { stored in output.presentProgress(stored: stored, of: entities.count) }
            output.presentImported(count: entities.count, account: account.id)
        } catch {
            output.presentStorage(error)
        }
    }
}
