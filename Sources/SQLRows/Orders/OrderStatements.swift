/// The SQL texts `OrderSteps` runs, in one gateway's dialect; parameters as each step's
/// comment says. Where a decision must hold against concurrent writers, the text carries the
/// dialect's means (PostgreSQL's `FOR UPDATE` on `paymentAccount`).
public struct OrderStatements: Sendable {
    /// Takes the next order number: one row, one column.
    public var nextNumber: String
    /// Inserts an order: parameters `OrderRow.insertValues`.
    public var insert: String
    /// Inserts one line: parameters `OrderRow.lineValues`.
    public var insertLine: String
    /// Selects `OrderRow.columns` of the order with id 1 and owner 2.
    public var fetch: String
    /// Selects `OrderRow.lineColumns` of the lines of order 1, in their order.
    public var fetchLines: String
    /// Selects the currency and available funds of account 1 when owner 2 owns it.
    public var paymentAccount: String
    /// Inserts a transaction: parameters `TransactionRow.values`.
    public var insertTransaction: String
    /// Cancels order 1 of owner 2 at time 3 when it is still placed.
    public var cancel: String
    /// Inserts the reversing entry of debit 1 with id 2, date 3 and description 4.
    public var voidPayment: String

    /// The texts, each as its property describes.
    public init(
        nextNumber: String, insert: String, insertLine: String, fetch: String, fetchLines: String, paymentAccount: String,
        insertTransaction: String, cancel: String, voidPayment: String
    ) {
        self.nextNumber = nextNumber
        self.insert = insert
        self.insertLine = insertLine
        self.fetch = fetch
        self.fetchLines = fetchLines
        self.paymentAccount = paymentAccount
        self.insertTransaction = insertTransaction
        self.cancel = cancel
        self.voidPayment = voidPayment
    }
}
