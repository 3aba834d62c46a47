/// What the report clients' compatibility listing can lead to.
public protocol SortedTransactionsUseCaseOutput: StorageFailureOutput {
    /// Every selected transaction: by group (authorized first), then date, then insertion order.
    func presentSortedTransactions(_ transactions: [TransactionPresentationModel])
    /// No account, or no transaction in the selection: the clients' "Transactions are not found".
    func presentTransactionsNotFound()
}
