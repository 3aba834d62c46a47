import App
import ArgumentParser
import Foundation

/// `viperd import-transactions --account ID FILE`: a card-processor feed into an account.
struct ImportTransactions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-transactions",
        abstract: "Load a card-processor feed (a JSON array) into an account, all or nothing.",
        discussion: """
            Each row is {"group": "A"|"P", "date": "YYYY-MM-DD" or RFC 3339, "description": "…", \
            "amount": "3.11", "debit": "D"|"C"}; amounts have at most the account currency's \
            decimals. One bad row imports nothing: every bad row is listed with its index (from 0) \
            and field. Imported rows record what the processor already approved, so the \
            available-funds rule does not apply to them.
            """)

    @OptionGroup var database: DatabaseOption

    @Option(help: "The id of the account to load into.")
    var account: String

    @Argument(help: "The feed file (JSON).")
    var file: String

    func run() throws {
        let count = try Operator.run {
            try TransactionImporter(storage: database.location).importFeed(file: file, account: account) { stored, total in
                var standardError = FileHandle.standardError
                print("stored \(stored) of \(total) rows", to: &standardError)
            }
        }
        print("imported \(count) transaction(s) into \(account)")
    }
}
