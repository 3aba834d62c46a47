/// What the transaction list Responder must be able to show.
public protocol TransactionListPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    /// A page of the account's transactions.
    func showTransactions(_ list: TransactionListViewModel)
}
