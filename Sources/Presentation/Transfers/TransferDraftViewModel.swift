import Domain

/// A draft of the "send money" flow on the wire: `{id, fromAccountId, amount, recipient: {type,
/// id, name} | null, memo, missing, nextStep, createdAt, expiresAt}`; every key is always present (`null` when
/// not chosen yet).
public struct TransferDraftViewModel: Equatable, Sendable {
    public let id: String
    public let fromAccountID: String
    public let amount: MoneyViewModel?
    public let recipientType: String?
    public let recipientID: String?
    /// The account's or contact's name for the review screen; nil when it is gone.
    public let recipientName: String?
    public let memo: String?
    /// What submit still needs, in step order: `amount`, `recipient`.
    public let missing: [String]
    /// The screen a client shows next: `recipient`, `amount` or `review`.
    public let nextStep: String
    public let createdAt: String
    public let expiresAt: String
    /// Strong, from the draft's version: `"1"` at creation, bumped by every stored step.
    public let etag: String

    public init(_ draft: TransferDraftPresentationModel, language: Language) {
        id = draft.id.rawValue
        fromAccountID = draft.fromAccountID.rawValue
        amount = draft.amount.map { MoneyViewModel($0, language: language) }
        recipientType = draft.recipient?.type
        recipientID = draft.recipient?.id
        recipientName = draft.recipientName
        memo = draft.memo
        missing = draft.missing.map(\.rawValue)
        nextStep = draft.nextStep.rawValue
        createdAt = Timestamp.format(draft.createdAt)
        expiresAt = Timestamp.format(draft.expiresAt)
        etag = "\"\(draft.version)\""
    }
}

/// The draft's one encoding.
extension TransferDraftViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("fromAccountId", fromAccountID)
        output.field("amount", amount)
        output.key("recipient")
        if let recipientType, let recipientID {
            output.beginObject()
            output.field("type", recipientType)
            output.field("id", recipientID)
            output.field("name", recipientName)
            output.endObject()
        } else {
            output.null()
        }
        output.field("memo", memo)
        output.key("missing")
        output.beginArray()
        for step in missing { output.string(step) }
        output.endArray()
        output.field("nextStep", nextStep)
        output.field("createdAt", createdAt)
        output.field("expiresAt", expiresAt)
        output.endObject()
    }
}
