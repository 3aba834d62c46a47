import Foundation

/// A transfer as its sender's use cases report it.
public struct TransferPresentationModel: Equatable, Sendable {
    public let id: TransferID
    public let status: TransferStatus
    public let fromAccountID: AccountID
    /// Nil until completed.
    public let toAccountID: AccountID?
    public let recipient: TransferRecipient
    public let recipientName: String
    /// The address a contact transfer is bound to; nil between own accounts (and for contact
    /// transfers stored before addresses were kept).
    public let recipientEmail: String?
    public let amount: Money
    public let memo: String?
    public let createdAt: Date
    public let expiresAt: Date?
    public let resolvedAt: Date?
    public let cancelledBy: TransferParty?

    public init(_ transfer: Transfer) {
        id = transfer.id
        status = transfer.status
        fromAccountID = transfer.fromAccountID
        toAccountID = transfer.toAccountID
        recipient = transfer.recipient
        recipientName = transfer.recipientName
        recipientEmail = transfer.recipientEmail
        amount = transfer.amount
        memo = transfer.memo
        createdAt = transfer.createdAt
        expiresAt = transfer.expiresAt
        resolvedAt = transfer.resolvedAt
        cancelledBy = transfer.cancelledBy
    }
}

/// Money sent to the signed-in user's verified address, as the recipient's use cases report it:
/// the sender's account ids stay out of it.
public struct IncomingTransferPresentationModel: Equatable, Sendable {
    public let id: TransferID
    public let status: TransferStatus
    /// The sender's name now (the one their account carries).
    public let senderName: String
    public let amount: Money
    public let memo: String?
    public let createdAt: Date
    public let expiresAt: Date?
    /// The recipient's account it landed in, once claimed.
    public let toAccountID: AccountID?
    public let cancelledBy: TransferParty?

    public init(_ transfer: Transfer, senderName: String) {
        id = transfer.id
        status = transfer.status
        self.senderName = senderName
        amount = transfer.amount
        memo = transfer.memo
        createdAt = transfer.createdAt
        expiresAt = transfer.expiresAt
        toAccountID = transfer.toAccountID
        cancelledBy = transfer.cancelledBy
    }
}
