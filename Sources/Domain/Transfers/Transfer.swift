import Foundation

/// A transfer: completed (a posted debit on the sender's account and a posted credit on the
/// recipient's, both written with it in one storage transaction), or money that waits for its
/// recipient (`pending`: a reservation on the source, no leg yet) and how that wait ended.
public struct Transfer: Equatable, Sendable {
    public var id: TransferID
    public var ownerID: UserID
    public var fromAccountID: AccountID
    /// The account credited: the recipient account itself, or the contact's user's first account
    /// in the transfer's currency, or the account its claimant chose. Nil until completed.
    public var toAccountID: AccountID?
    public var recipient: TransferRecipient
    /// The account's or contact's name at transfer time.
    public var recipientName: String
    /// Positive, in the source account's currency.
    public var amount: Money
    public var memo: String?
    /// The legs; nil until completed.
    public var debitTransactionID: TransactionID?
    public var creditTransactionID: TransactionID?
    public var createdAt: Date
    public var status: TransferStatus
    /// The normalized address a contact transfer was sent to: only its verified owner may claim
    /// the money, whatever the contact says later. Nil for a transfer between own accounts.
    public var recipientEmail: String?
    /// When a pending transfer expires; nil for one that never waited.
    public var expiresAt: Date?
    /// When it left `pending` (or was completed at once).
    public var resolvedAt: Date?
    /// Who cancelled it: the sender (a cancel) or the recipient (a decline); nil unless cancelled.
    public var cancelledBy: TransferParty?

    public init(
        id: TransferID, ownerID: UserID, fromAccountID: AccountID, toAccountID: AccountID?, recipient: TransferRecipient,
        recipientName: String, amount: Money, memo: String?, debitTransactionID: TransactionID?,
        creditTransactionID: TransactionID?, createdAt: Date, status: TransferStatus = .completed, recipientEmail: String? = nil,
        expiresAt: Date? = nil, resolvedAt: Date? = nil, cancelledBy: TransferParty? = nil
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
        self.status = status
        self.recipientEmail = recipientEmail
        self.expiresAt = expiresAt
        self.resolvedAt = resolvedAt ?? (status == .completed ? createdAt : nil)
        self.cancelledBy = cancelledBy
    }
}

/// Where a transfer stands. `pending` moves once, to one of the three others; they are final.
public enum TransferStatus: String, Sendable, CaseIterable {
    /// Reserved on the source, waiting for the verified owner of its address.
    case pending
    /// Both legs are posted.
    case completed
    /// Released to the sender: cancelled by them or declined by the recipient (`cancelledBy`).
    case cancelled
    /// Released to the sender: nobody claimed it before `expiresAt`.
    case expired
}

/// Who resolved a transfer by cancelling it.
public enum TransferParty: String, Sendable, CaseIterable {
    case sender
    case recipient
}
