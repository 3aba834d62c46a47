import Domain

/// Money sent to the user's verified address, on the wire: `{id, status, statusText, senderName,
/// amount, memo, createdAt, createdAtFormatted, expiresAt, expiresAtFormatted, toAccountId}`;
/// every key is always present.
public struct IncomingTransferViewModel: Equatable, Sendable {
    public let id: String
    public let status: String
    /// Where it stands, for people: from whom and until when it can be claimed, or how it ended.
    public let statusText: String
    public let senderName: String
    public let amount: MoneyViewModel
    public let memo: String?
    public let createdAt: String
    public let createdAtFormatted: String
    public let expiresAt: String?
    public let expiresAtFormatted: String?
    /// The recipient's account it landed in, once claimed.
    public let toAccountID: String?

    public init(_ transfer: IncomingTransferPresentationModel, messages: Messages) {
        let language = messages.language
        id = transfer.id.rawValue
        status = transfer.status.rawValue
        statusText = TransferStatusWording.recipient(transfer, messages: messages)
        senderName = transfer.senderName
        amount = MoneyViewModel(transfer.amount, language: language)
        memo = transfer.memo
        createdAt = Timestamp.format(transfer.createdAt)
        createdAtFormatted = DateFormatting.instant(transfer.createdAt, language: language)
        expiresAt = transfer.expiresAt.map(Timestamp.format)
        expiresAtFormatted = transfer.expiresAt.map { DateFormatting.instant($0, language: language) }
        toAccountID = transfer.toAccountID?.rawValue
    }
}

/// The incoming transfer's one encoding.
extension IncomingTransferViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("status", status)
        output.field("statusText", statusText)
        output.field("senderName", senderName)
        output.field("amount", amount)
        output.field("memo", memo)
        output.field("createdAt", createdAt)
        output.field("createdAtFormatted", createdAtFormatted)
        output.field("expiresAt", expiresAt)
        output.field("expiresAtFormatted", expiresAtFormatted)
        output.field("toAccountId", toAccountID)
        output.endObject()
    }
}

/// A page of the money waiting for the user.
public typealias IncomingTransferListViewModel = PageViewModel<IncomingTransferViewModel>
