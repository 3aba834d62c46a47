import Foundation

/// A draft as use cases report it, with what submit still needs.
public struct TransferDraftPresentationModel: Equatable, Sendable {
    public let id: TransferDraftID
    public let fromAccountID: AccountID
    public let amount: Money?
    public let recipient: TransferRecipient?
    /// The recipient account's or contact's name as the review screen shows it; nil with no
    /// recipient, or when the account or contact is gone since the step was taken.
    public let recipientName: String?
    public let memo: String?
    public let missing: [TransferDraftStep]
    /// The screen the flow shows next.
    public let nextStep: TransferDraftNextStep
    public let createdAt: Date
    public let expiresAt: Date
    /// The ETag is made from it.
    public let version: Int

    public init(_ draft: TransferDraftState, recipientName: String? = nil) {
        id = draft.id
        fromAccountID = draft.fromAccountID
        amount = draft.amountMinor.map { Money(minor: $0, currency: draft.currency) }
        recipient = draft.recipient
        self.recipientName = draft.recipient == nil ? nil : recipientName
        memo = draft.memo
        missing = draft.missing
        nextStep = draft.nextStep
        createdAt = draft.createdAt
        expiresAt = draft.expiresAt
        version = draft.version
    }
}
