/// What importing a card-processor feed can lead to.
public protocol TransactionImportUseCaseOutput: StorageFailureOutput {
    /// `stored` of `total` rows are written (not yet committed: all or nothing still holds).
    func presentProgress(stored: Int, of total: Int)
    /// Every row is stored.
    func presentImported(count: Int, account: AccountID)
    /// No account has this id.
    func presentNotFound(_ id: AccountID)
    /// The feed is not JSON; `reason` is the parser's.
    func presentFeedNotJSON(_ reason: String)
    /// The feed is JSON but not an array of rows.
    func presentFeedNotArray()
    /// Every failure of every bad row, in feed order; nothing was stored.
    func presentMalformedRows(_ failures: [TransactionFeedFailure])
}
