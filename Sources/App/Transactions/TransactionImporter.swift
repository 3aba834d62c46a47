import Domain
import Foundation
import Migrations
import SQLiteGateway

/// `viperd import-transactions`: loads a card-processor feed file into an account through the
/// import use case, all or nothing.
public struct TransactionImporter {
    public let databasePath: String

    public init(databasePath: String) {
        self.databasePath = databasePath
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
        let database = try Database(configuration: DatabaseConfiguration(path: databasePath, readerCount: 1))
        _ = try Migrator(database: database).migrate()
        let gateway = SQLiteEntityGateway(database: database)
        let outcome = TransactionImportOutcome(file: file, progress: progress)
        TransactionImportUseCase(accounts: gateway.accounts, transactions: gateway.transactions, ids: RandomIDGenerator())
            .eventImport(feed: feed, account: AccountID(account), output: outcome)
        try database.checkpoint()
        return try outcome.result.get()
    }
}
