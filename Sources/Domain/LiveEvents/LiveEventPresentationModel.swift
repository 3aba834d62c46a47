import Foundation

/// One outbox event as a live stream shows it: the event and the entities it is about, read
/// when it is delivered (so they show their current state; one deleted since is left out).
public struct LiveEventPresentationModel: Equatable, Sendable {
    /// The user's outbox position: the stream's event id.
    public let position: Int64
    /// `OutboxEventType`'s raw value (an unknown one, written by a newer build, still passes).
    public let type: String
    public let occurredAt: Date
    /// The amount a money event moved, for its sentence.
    public let amount: Money?
    /// For `transfer.*` events of the sender.
    public let transfer: TransferPresentationModel?
    /// The accounts whose balance or available amount the event changed.
    public let accounts: [AccountPresentationModel]
    public let contact: ContactPresentationModel?
    public let contactID: ContactID?
    public let order: OrderPresentationModel?

    public init(
        position: Int64, type: String, occurredAt: Date, amount: Money? = nil, transfer: TransferPresentationModel? = nil,
        accounts: [AccountPresentationModel] = [], contact: ContactPresentationModel? = nil, contactID: ContactID? = nil,
        order: OrderPresentationModel? = nil
    ) {
        self.position = position
        self.type = type
        self.occurredAt = occurredAt
        self.amount = amount
        self.transfer = transfer
        self.accounts = accounts
        self.contact = contact
        self.contactID = contactID
        self.order = order
    }
}

/// Why a stream cannot replay from the id it was given.
public enum LiveEventGap: String, Sendable {
    /// The events after it were purged (older than the outbox's retention).
    case retention
    /// It is past the user's newest event: not an id of this server's.
    case unknown
}
