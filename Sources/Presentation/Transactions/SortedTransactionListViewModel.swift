/// The clients' listing: a bare JSON array of transactions.
public struct SortedTransactionListViewModel: Equatable, Sendable {
    public let transactions: [SortedTransactionViewModel]

    public init(transactions: [SortedTransactionViewModel]) {
        self.transactions = transactions
    }
}

extension SortedTransactionListViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginArray()
        for transaction in transactions { transaction.write(to: &output) }
        output.endArray()
    }
}
