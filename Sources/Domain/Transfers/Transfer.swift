import Foundation

/// A completed transfer: a posted debit on the sender's account and a posted credit on the
/// recipient's, both written with it in one storage transaction.
public struct Transfer: Equatable, Sendable {
    public var id: TransferID
    public var ownerID: UserID
    public var fromAccountID: AccountID
    /// The account credited: the recipient account itself, or the contact's user's first account
    /// in the transfer's currency.
    public var toAccountID: AccountID
    public var recipient: TransferRecipient
    /// The account's or contact's name at transfer time.
    public var recipientName: String
    /// Positive, in the source account's currency.
    public var amount: Money
    public var memo: String?
    public var debitTransactionID: TransactionID
    public var creditTransactionID: TransactionID
    public var createdAt: Date

    public init(
        id: TransferID, ownerID: UserID, fromAccountID: AccountID, toAccountID: AccountID, recipient: TransferRecipient,
        recipientName: String, amount: Money, memo: String?, debitTransactionID: TransactionID,
        creditTransactionID: TransactionID, createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.fromAccountID = fromAccountID
        self.toAccountID = toAccountID
        self.recipient = recipient
        self.recipientName = recipientName
        self.amount = amount
        self.memo = memo
        self.debitTransactionID = debitTransactionID
        self.creditTransactionID = creditTransactionID
        self.createdAt = createdAt
    }
}
