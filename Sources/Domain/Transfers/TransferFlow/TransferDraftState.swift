import Foundation

/// The state of one "send money" flow, kept server-side between its screens: the flow loads it
/// and injects it into each step's use case, which returns the next state to store.
public struct TransferDraftState: Equatable, Sendable {
    public var id: TransferDraftID
    public var ownerID: UserID
    public var fromAccountID: AccountID
    /// The source account's, fixed at creation: the amount is in its minor units.
    public var currency: Currency
    public var amountMinor: Int64?
    public var recipient: TransferRecipient?
    public var memo: String?
    public var createdAt: Date
    /// After this instant the draft is not found.
    public var expiresAt: Date
    /// Bumped by every stored step; a step stored over a newer version is refused.
    public var version: Int

    public init(
        id: TransferDraftID, ownerID: UserID, fromAccountID: AccountID, currency: Currency, amountMinor: Int64? = nil,
        recipient: TransferRecipient? = nil, memo: String? = nil, createdAt: Date, expiresAt: Date, version: Int = 1
    ) {
        self.id = id
        self.ownerID = ownerID
        self.fromAccountID = fromAccountID
        self.currency = currency
        self.amountMinor = amountMinor
        self.recipient = recipient
        self.memo = memo
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.version = version
    }

    /// What submit still needs, in step order.
    public var missing: [TransferDraftStep] {
        var missing: [TransferDraftStep] = []
        if amountMinor == nil { missing.append(.amount) }
        if recipient == nil { missing.append(.recipient) }
        return missing
    }

    /// The screen the flow shows next: the recipient first, then the amount, then the review.
    public var nextStep: TransferDraftNextStep {
        if recipient == nil { return .recipient }
        if amountMinor == nil { return .amount }
        return .review
    }

    /// The one-step request this draft amounts to, for the shared transformer.
    public var request: TransferCreateRequest {
        let amount = amountMinor.flatMap { DecimalAmount(Money(minor: $0, currency: currency)) }
        var request = TransferCreateRequest(fromAccountID: fromAccountID, amount: amount, memo: memo)
        switch recipient {
        case .account(let id): request.toAccountID = id
        case .contact(let id): request.toContactID = id
        case nil: break
        }
        return request
    }

    /// Whether it is still alive at `date`.
    public func isLive(at date: Date) -> Bool {
        date < expiresAt
    }
}
