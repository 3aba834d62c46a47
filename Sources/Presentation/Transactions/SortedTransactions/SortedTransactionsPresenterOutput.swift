/// What the compatibility listing's Responder must be able to show.
public protocol SortedTransactionsPresenterOutput: ProblemPresenterOutput {
    /// The report clients' array of transactions.
    func showSortedTransactions(_ list: SortedTransactionListViewModel)
    /// The clients' own 404 body, not a problem document.
    func showTransactionsNotFound(_ notFound: SortedTransactionsNotFoundViewModel)
}
