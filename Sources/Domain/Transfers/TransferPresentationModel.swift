import Foundation

/// A transfer as use cases report it: `status` is always "completed" (a transfer is stored only
/// once both legs are).
public struct TransferPresentationModel: Equatable, Sendable {
    public let id: TransferID
    public let fromAccountID: AccountID
    public let recipient: TransferRecipient
    public let recipientName: String
    public let amount: Money
    public let memo: String?
    public let createdAt: Date

    public init(_ transfer: Transfer) {
        id = transfer.id
        fromAccountID = transfer.fromAccountID
        recipient = transfer.recipient
        recipientName = transfer.recipientName
        amount = transfer.amount
        memo = transfer.memo
        createdAt = transfer.createdAt
    }
}
