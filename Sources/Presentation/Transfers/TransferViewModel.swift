import Domain

/// A transfer on the wire: `{id, status, fromAccountId, recipient: {type, id, name}, amount,
/// memo, createdAt, createdAtFormatted}`; every key is always present.
public struct TransferViewModel: Equatable, Sendable {
    public let id: String
    /// Always `completed`: a transfer exists only once both legs are stored.
    public let status: String
    public let fromAccountID: String
    public let recipientType: String
    public let recipientID: String
    public let recipientName: String
    public let amount: MoneyViewModel
    public let memo: String?
    public let createdAt: String
    /// `createdAt` for people, e.g. `Nov 22, 2026, 10:15 UTC`.
    public let createdAtFormatted: String

    public init(_ transfer: TransferPresentationModel, language: Language) {
        id = transfer.id.rawValue
        status = "completed"
        fromAccountID = transfer.fromAccountID.rawValue
        recipientType = transfer.recipient.type
        recipientID = transfer.recipient.id
        recipientName = transfer.recipientName
        amount = MoneyViewModel(transfer.amount, language: language)
        memo = transfer.memo
        createdAt = Timestamp.format(transfer.createdAt)
        createdAtFormatted = DateFormatting.instant(transfer.createdAt, language: language)
    }
}

/// The transfer's one encoding.
extension TransferViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("status", status)
        output.field("fromAccountId", fromAccountID)
        output.key("recipient")
        output.beginObject()
        output.field("type", recipientType)
        output.field("id", recipientID)
        output.field("name", recipientName)
        output.endObject()
        output.field("amount", amount)
        output.field("memo", memo)
        output.field("createdAt", createdAt)
        output.field("createdAtFormatted", createdAtFormatted)
        output.endObject()
    }
}
