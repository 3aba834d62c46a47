import Foundation

/// What executing a transfer came to; storage failures are thrown instead.
public enum TransferOutcome: Equatable, Sendable {
    /// Stored: with both legs when completed, with its reservation when pending.
    case completed(Transfer)
    /// The amount is more than the source's available funds (balance + credit limit − pending)
    /// at the time of the write; nothing was stored.
    case insufficientFunds
    /// The draft to consume was gone (already submitted, deleted or expired); nothing was stored.
    case draftNotFound
}

/// What resolving a pending transfer (a claim, a cancel, a decline) came to; storage failures
/// are thrown instead.
public enum TransferResolutionOutcome: Equatable, Sendable {
    /// It was pending and is now resolved as asked, as stored.
    case resolved(Transfer)
    /// No such transfer for this party: missing, another sender's, or bound to another address.
    case notFound
    /// It had already left pending: `status` (and `cancelledBy`) say how, first. A transfer found
    /// pending past its end is expired by this call and reported so.
    case alreadyResolved(Transfer)
}

/// A claim of pending money, checked by the use case: what storage writes if the transfer is
/// still pending (and not past its end) when the write runs.
public struct TransferClaim: Equatable, Sendable {
    public var transferID: TransferID
    /// The verified owner of the address the money was sent to.
    public var claimant: UserID
    /// The claimant's verified, normalized address: it must be the one the money was sent to.
    public var email: String
    /// One of the claimant's accounts, in the transfer's currency.
    public var toAccountID: AccountID
    public var debitTransactionID: TransactionID
    public var creditTransactionID: TransactionID
    /// Of the credit on the claimant's account, e.g. "Transfer from Alice".
    public var creditDescription: String
    public var claimedAt: Date
    /// The UTC day of `claimedAt`, which both legs are dated.
    public var date: CalendarDate

    public init(
        transferID: TransferID, claimant: UserID, email: String, toAccountID: AccountID, debitTransactionID: TransactionID,
        creditTransactionID: TransactionID, creditDescription: String, claimedAt: Date, date: CalendarDate
    ) {
        self.transferID = transferID
        self.claimant = claimant
        self.email = email
        self.toAccountID = toAccountID
        self.debitTransactionID = debitTransactionID
        self.creditTransactionID = creditTransactionID
        self.creditDescription = creditDescription
        self.claimedAt = claimedAt
        self.date = date
    }

    /// `pending` as completed by this claim.
    public func completing(_ pending: Transfer) -> Transfer {
        var transfer = pending
        transfer.status = .completed
        transfer.toAccountID = toAccountID
        transfer.debitTransactionID = debitTransactionID
        transfer.creditTransactionID = creditTransactionID
        transfer.resolvedAt = claimedAt
        return transfer
    }

    /// The debit on the sender's source and the credit on the claimant's account.
    public func legs(of pending: Transfer) -> [Transaction] {
        TransferLegs.of(completing(pending), date: date, debitDescription: "Transfer to \(pending.recipientName)", creditDescription: creditDescription)
    }

    /// The sender's `transfer.claimed` and the claimant's `transfer.received`.
    public func events(of pending: Transfer) -> [OutboxEvent] {
        let completed = completing(pending)
        return [.transferResolved(completed), .transferReceived(completed, by: claimant)]
    }
}
