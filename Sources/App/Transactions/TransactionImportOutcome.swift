import Domain

/// The import use case's output for a terminal: the count, or every reason in words.
final class TransactionImportOutcome: TransactionImportUseCaseOutput {
    /// Bad rows listed before the rest is summed up as "… and N more".
    static let listedFailures = 20

    private let file: String
    private let progress: (Int, Int) -> Void
    var result: Result<Int, AccountAdministration.Failure> = .failure(.init(description: "the import did not answer"))

    init(file: String, progress: @escaping (Int, Int) -> Void) {
        self.file = file
        self.progress = progress
    }

    func presentProgress(stored: Int, of total: Int) { progress(stored, total) }
    func presentImported(count: Int, account: AccountID) { result = .success(count) }
    func presentNotFound(_ id: AccountID) { result = .failure(.init(description: "no account with id \(id)")) }
    func presentFeedNotJSON(_ reason: String) { result = .failure(.init(description: "\(file) is not JSON: \(reason)")) }
    func presentFeedNotArray() { result = .failure(.init(description: "\(file) is JSON but not an array of transactions")) }

    func presentMalformedRows(_ failures: [TransactionFeedFailure]) {
        let rows = Set(failures.map(\.index)).count
        var lines = failures.prefix(Self.listedFailures).map(Self.line)
        if failures.count > Self.listedFailures { lines.append("… and \(failures.count - Self.listedFailures) more") }
        lines.append("\(rows) malformed row(s) in \(file); nothing was imported")
        result = .failure(.init(description: lines.joined(separator: "\n")))
    }

    func presentStorageUnavailable() { result = .failure(.init(description: "the database is busy; nothing was imported, try again")) }
    func presentStorageFailure() { result = .failure(.init(description: "the database failed; nothing was imported, see the log")) }

    /// `row 17: amount: Format of amount is incorrect` (rows counted from 0, as the array's index).
    static func line(_ failure: TransactionFeedFailure) -> String {
        let field = failure.field.rawValue
        let message = switch failure.rule {
        case .missing: "\(field) must be entered"
        case .format where failure.field == .row: "Format of row is incorrect: not an object"
        case .format: "Format of \(field) is incorrect"
        case .tooManyDecimals(let allowed): "\(field) has more decimals than the account's currency allows (\(allowed))"
        case .tooLong where failure.field == .amount: "\(field) is too large"
        case .tooLong: "\(field) is longer than \(TransactionFeed.maximumDescriptionLength) characters"
        }
        return "row \(failure.index): \(field): \(message)"
    }
}
