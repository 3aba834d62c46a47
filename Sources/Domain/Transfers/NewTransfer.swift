import Foundation

/// A checked transfer ready to execute: the transfer and how its two legs read. Only available
/// funds remain to be checked, inside the write. A `pending` transfer writes no leg: it reserves
/// its amount and mails `notice`'s address.
public struct NewTransfer: Equatable, Sendable {
    public var transfer: Transfer
    /// The day both legs are dated: the UTC day of `transfer.createdAt`.
    public var date: CalendarDate
    /// Of the debit on the source, e.g. "Transfer to Savings".
    public var debitDescription: String
    /// Of the credit on the destination, e.g. "Transfer from Chequing".
    public var creditDescription: String
    /// Who owns the destination account: the sender themself for a move between their own
    /// accounts; nil while the transfer waits for its recipient.
    public var recipientID: UserID?
    /// The mail that tells a pending transfer's address about the money; nil otherwise.
    public var mail: MailRequest?
    /// The `Idempotency-Key` the sender's request holds, with its fingerprint: storage writes
    /// the transfer's id into the key's record, if the record is still this request's, in the
    /// transfer's own transaction, so a retry after a crash that lost the stored response finds
    /// the transfer (`IdempotencyReservation.resumed`) instead of moving the money twice. Nil
    /// without a key.
    public var idempotency: IdempotentRequest?

    public init(
        transfer: Transfer, date: CalendarDate, debitDescription: String, creditDescription: String, recipientID: UserID?,
        mail: MailRequest? = nil, idempotency: IdempotentRequest? = nil
    ) {
        self.transfer = transfer
        self.recipientID = recipientID
        self.date = date
        self.debitDescription = debitDescription
        self.creditDescription = creditDescription
        self.mail = mail
        self.idempotency = idempotency
    }

    /// The posted debit on the source and credit on the destination; empty while pending.
    public var legs: [Transaction] {
        TransferLegs.of(transfer, date: date, debitDescription: debitDescription, creditDescription: creditDescription)
    }

    /// What the transfer tells its people, appended with it: the sender's event, and the
    /// recipient's when the money left the sender's own accounts; a pending transfer's one
    /// event carries the mail to its address.
    public var notices: [Notice] {
        guard transfer.status == .completed, let recipientID else {
            return [Notice(event: .transferPending(transfer), mail: mail)]
        }
        return recipientID == transfer.ownerID
            ? [Notice(event: .transferSent(transfer))]
            : [Notice(event: .transferSent(transfer)), Notice(event: .transferReceived(transfer, by: recipientID))]
    }
}

/// The two posted rows of a completed transfer, written by its execution or its claim.
public enum TransferLegs {
    /// The debit on the source and the credit on the destination; empty unless `transfer` is
    /// completed with both leg ids and its destination.
    public static func of(_ transfer: Transfer, date: CalendarDate, debitDescription: String, creditDescription: String) -> [Transaction] {
        guard transfer.status == .completed, let to = transfer.toAccountID, let debitID = transfer.debitTransactionID,
            let creditID = transfer.creditTransactionID
        else { return [] }
        return [
            Transaction(
                id: debitID, accountID: transfer.fromAccountID, group: .posted, direction: .debit, date: date, description: debitDescription,
                amount: transfer.amount.minor),
            Transaction(
                id: creditID, accountID: to, group: .posted, direction: .credit, date: date, description: creditDescription,
                amount: transfer.amount.minor),
        ]
    }
}
