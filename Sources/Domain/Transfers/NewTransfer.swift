import Foundation

/// A checked transfer ready to execute: the transfer and how its two legs read. Only available
/// funds remain to be checked, inside the write.
public struct NewTransfer: Equatable, Sendable {
    public var transfer: Transfer
    /// The day both legs are dated: the UTC day of `transfer.createdAt`.
    public var date: CalendarDate
    /// Of the debit on the source, e.g. "Transfer to Savings".
    public var debitDescription: String
    /// Of the credit on the destination, e.g. "Transfer from Chequing".
    public var creditDescription: String
    /// Who owns the destination account: the sender themself for a move between their own
    /// accounts.
    public var recipientID: UserID

    public init(transfer: Transfer, date: CalendarDate, debitDescription: String, creditDescription: String, recipientID: UserID) {
        self.transfer = transfer
        self.recipientID = recipientID
        self.date = date
        self.debitDescription = debitDescription
        self.creditDescription = creditDescription
    }

    /// The posted debit on the source.
    public var debit: Transaction {
        Transaction(
            id: transfer.debitTransactionID, accountID: transfer.fromAccountID, group: .posted, direction: .debit, date: date,
            description: debitDescription, amount: transfer.amount.minor)
    }

    /// The posted credit on the destination.
    public var credit: Transaction {
        Transaction(
            id: transfer.creditTransactionID, accountID: transfer.toAccountID, group: .posted, direction: .credit, date: date,
            description: creditDescription, amount: transfer.amount.minor)
    }

    /// What the transfer tells its people, appended with it: the sender's event, and the
    /// recipient's when the money left the sender's own accounts.
    public var events: [OutboxEvent] {
        recipientID == transfer.ownerID
            ? [.transferSent(transfer)] : [.transferSent(transfer), .transferReceived(transfer, by: recipientID)]
    }
}
