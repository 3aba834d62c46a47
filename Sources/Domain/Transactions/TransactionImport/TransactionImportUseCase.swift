import Foundation

/// `viperd import-transactions`: loads a card-processor feed into an account, all or nothing.
/// An operator tool: the account is named by id, whoever owns it.
///
/// Outcomes: `presentImported(count:account:)` after `presentProgress(stored:of:)` events,
/// `presentNotFound(_:)`, `presentFeedNotJSON(_:)`, `presentFeedNotArray()`,
/// `presentMalformedRows(_:)`, storage failures.
public struct TransactionImportUseCase {
    private let accounts: any AccountManager
    private let transactions: any TransactionManager
    private let ids: any IDGenerator

    public init(accounts: any AccountManager, transactions: any TransactionManager, ids: any IDGenerator) {
        self.accounts = accounts
        self.transactions = transactions
        self.ids = ids
    }

    public func eventImport(feed: Data, account id: AccountID, output: any TransactionImportUseCaseOutput) {
        TransactionImportTransformer(accounts: accounts, transactions: transactions, ids: ids).transform(feed: feed, account: id, output: output)
    }
}
