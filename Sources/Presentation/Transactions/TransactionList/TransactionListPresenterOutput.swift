/// What the transaction list Responder must be able to show.
public protocol TransactionListPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    func showTransactions(_ list: TransactionListViewModel)
}
