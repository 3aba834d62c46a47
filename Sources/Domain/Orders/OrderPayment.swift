/// The account an order is paid from and the authorized debit made on it.
public struct OrderPayment: Equatable, Sendable {
    public var accountID: AccountID
    /// Nil until the debit is recorded.
    public var transactionID: String?

    public init(accountID: AccountID, transactionID: String? = nil) {
        self.accountID = accountID
        self.transactionID = transactionID
    }
}
