/// What listing an account's transactions can lead to.
public protocol TransactionListUseCaseOutput: StorageFailureOutput {
    /// A page of transactions, newest first; `next` is where the following page starts, nil on the last.
    func presentTransactions(_ transactions: [TransactionPresentationModel], next: TransactionCursor?)
    /// The first page is empty: nothing matches the filter.
    func presentNoTransactions()
    /// Missing, or someone else's account: indistinguishable on purpose.
    func presentNotFound(_ id: AccountID)
    /// `from`/`to` do not make a period the listing can cover; nothing was read.
    func presentInvalidRange(_ failure: DateRangeFailure)
}
