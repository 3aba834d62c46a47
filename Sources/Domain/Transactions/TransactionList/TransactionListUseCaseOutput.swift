/// What listing an account's transactions can lead to.
public protocol TransactionListUseCaseOutput: StorageFailureOutput {
    /// A page of transactions, newest first; `next` is where the following page starts, nil on the
    /// last; `pending`: what the account's pending transfers hold, which no row shows yet.
    func presentTransactions(_ transactions: [TransactionPresentationModel], next: TransactionCursor?, pending: Money)
    /// The first page is empty: nothing matches the filter; `pending` as above.
    func presentNoTransactions(pending: Money)
    /// Missing, or someone else's account: indistinguishable on purpose.
    func presentNotFound(_ id: AccountID)
    /// `from`/`to` do not make a period the listing can cover; nothing was read.
    func presentInvalidRange(_ failure: DateRangeFailure)
}
