import Domain
import Foundation

/// `viperd import-transactions`: loads a card-processor feed file into an account through the
/// import use case, all or nothing.
public struct TransactionImporter {
    public let storage: StorageLocation

    public init(storage: StorageLocation) {
        self.storage = storage
    }

    /// An importer into the SQLite file at `databasePath`.
    public init(databasePath: String) {
        self.init(storage: .sqlite(path: databasePath))
    }

    /// Imports `file` into `account`; returns how many rows were stored. `progress` hears
    /// `(stored, total)` every few thousand rows. Throws `AccountAdministration.Failure` worded
    /// for a terminal (every bad row with its index and field), with nothing stored.
    public func importFeed(file: String, account: String, progress: @escaping (Int, Int) -> Void = { _, _ in }) throws -> Int {
        let feed: Data
        do {
            feed = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw AccountAdministration.Failure(description: "cannot read \(file): \(error.localizedDescription)")
        }
        let opened = try Storage.forCommand(storage)
        let gateway = opened.gateway
        let outcome = TransactionImportOutcome(file: file, progress: progress)
        TransactionImportUseCase(accounts: gateway.accounts, transactions: gateway.transactions, ids: TimeOrderedIDGenerator())
            .eventImport(feed: feed, account: AccountID(account), output: outcome)
        try opened.close()
        return try outcome.result.get()
    }
}
