import Domain

/// A transfer on the wire: `{id, status, statusText, fromAccountId, toAccountId, recipient: {type,
/// id, name, email}, amount, memo, createdAt, createdAtFormatted, expiresAt, resolvedAt,
/// cancelledBy}`; every key is always present.
public struct TransferViewModel: Equatable, Sendable {
    public let id: String
    /// `pending`, `completed`, `cancelled` or `expired`.
    public let status: String
    /// Where it stands, for people: who it waits for and until when, or how it ended.
    public let statusText: String
    public let fromAccountID: String
    public let toAccountID: String?
    public let recipientType: String
    public let recipientID: String
    public let recipientName: String
    public let recipientEmail: String?
    public let amount: MoneyViewModel
    public let memo: String?
    public let createdAt: String
    /// `createdAt` for people, e.g. `Nov 22, 2026, 10:15 UTC`.
    public let createdAtFormatted: String
    public let expiresAt: String?
    public let resolvedAt: String?
    /// `sender` or `recipient` for a cancelled transfer.
    public let cancelledBy: String?

    public init(_ transfer: TransferPresentationModel, messages: Messages) {
        let language = messages.language
        id = transfer.id.rawValue
        status = transfer.status.rawValue
        statusText = TransferStatusWording.sender(transfer, messages: messages)
        fromAccountID = transfer.fromAccountID.rawValue
        toAccountID = transfer.toAccountID?.rawValue
        recipientType = transfer.recipient.type
        recipientID = transfer.recipient.id
        recipientName = transfer.recipientName
        recipientEmail = transfer.recipientEmail
        amount = MoneyViewModel(transfer.amount, language: language)
        memo = transfer.memo
        createdAt = Timestamp.format(transfer.createdAt)
        createdAtFormatted = DateFormatting.instant(transfer.createdAt, language: language)
        expiresAt = transfer.expiresAt.map(Timestamp.format)
        resolvedAt = transfer.resolvedAt.map(Timestamp.format)
        cancelledBy = transfer.cancelledBy?.rawValue
    }
}

/// The transfer's one encoding.
extension TransferViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("status", status)
        output.field("statusText", statusText)
        output.field("fromAccountId", fromAccountID)
        output.field("toAccountId", toAccountID)
        output.key("recipient")
        output.beginObject()
        output.field("type", recipientType)
        output.field("id", recipientID)
        output.field("name", recipientName)
        output.field("email", recipientEmail)
        output.endObject()
        output.field("amount", amount)
        output.field("memo", memo)
        output.field("createdAt", createdAt)
        output.field("createdAtFormatted", createdAtFormatted)
        output.field("expiresAt", expiresAt)
        output.field("resolvedAt", resolvedAt)
        output.field("cancelledBy", cancelledBy)
        output.endObject()
    }
}
