import Foundation

/// The events of the changes a person should hear about besides identity: what each carries is
/// decided here, once, and the gateways append them inside the change's own transaction. The
/// payloads are ids and amounts only; a reader that shows them (a live stream) reads the entity
/// itself, so nothing a user may not see travels in an event.
extension OutboxEvent {
    /// The sender's side of `transfer`.
    public static func transferSent(_ transfer: Transfer) -> OutboxEvent {
        OutboxEvent(userID: transfer.ownerID, type: .transferSent, payload: [
            "transferId": transfer.id.rawValue, "fromAccountId": transfer.fromAccountID.rawValue, "toAccountId": transfer.toAccountID?.rawValue ?? "",
            "amountMinor": String(transfer.amount.minor), "currency": transfer.amount.currency.code,
        ], createdAt: transfer.createdAt)
    }

    /// The recipient's side of `transfer`, credited to `recipient`'s account: the sender's own
    /// account ids stay out of it.
    public static func transferReceived(_ transfer: Transfer, by recipient: UserID) -> OutboxEvent {
        OutboxEvent(userID: recipient, type: .transferReceived, payload: [
            "transferId": transfer.id.rawValue, "toAccountId": transfer.toAccountID?.rawValue ?? "", "creditTransactionId": transfer.creditTransactionID?.rawValue ?? "",
            "amountMinor": String(transfer.amount.minor), "currency": transfer.amount.currency.code,
        ], createdAt: transfer.resolvedAt ?? transfer.createdAt)
    }

    /// The sender's money now waits for `transfer`'s address: reserved on the source, no leg yet.
    public static func transferPending(_ transfer: Transfer) -> OutboxEvent {
        OutboxEvent(userID: transfer.ownerID, type: .transferPending, payload: resolution(of: transfer), createdAt: transfer.createdAt)
    }

    /// `transfer` left pending: claimed (`transfer.claimed`), cancelled or declined
    /// (`transfer.cancelled`, with `cancelledBy`) or expired (`transfer.expired`); the sender's.
    public static func transferResolved(_ transfer: Transfer) -> OutboxEvent {
        let type: OutboxEventType = switch transfer.status {
        case .pending: .transferPending
        case .completed: .transferClaimed
        case .cancelled: .transferCancelled
        case .expired: .transferExpired
        }
        return OutboxEvent(userID: transfer.ownerID, type: type, payload: resolution(of: transfer), createdAt: transfer.resolvedAt ?? transfer.createdAt)
    }

    /// What every event of a waiting transfer carries for its sender.
    private static func resolution(of transfer: Transfer) -> [String: String] {
        var payload = [
            "transferId": transfer.id.rawValue, "fromAccountId": transfer.fromAccountID.rawValue, "amountMinor": String(transfer.amount.minor),
            "currency": transfer.amount.currency.code, "status": transfer.status.rawValue,
        ]
        if let cancelledBy = transfer.cancelledBy { payload["cancelledBy"] = cancelledBy.rawValue }
        return payload
    }

    /// `contact` was created.
    public static func contactCreated(_ contact: Contact) -> OutboxEvent {
        OutboxEvent(userID: contact.ownerID, type: .contactCreated, payload: ["contactId": contact.id.rawValue, "version": String(contact.version)],
            createdAt: contact.createdAt)
    }

    /// `contact` was stored as its new version.
    public static func contactUpdated(_ contact: Contact) -> OutboxEvent {
        OutboxEvent(userID: contact.ownerID, type: .contactUpdated, payload: ["contactId": contact.id.rawValue, "version": String(contact.version)],
            createdAt: contact.updatedAt)
    }

    /// The contact `id` of `owner` was deleted at `date`.
    public static func contactDeleted(_ id: ContactID, owner: UserID, at date: Date) -> OutboxEvent {
        OutboxEvent(userID: owner, type: .contactDeleted, payload: ["contactId": id.rawValue], createdAt: date)
    }

    /// `order` was placed.
    public static func orderPlaced(_ order: Order) -> OutboxEvent {
        OutboxEvent(userID: order.ownerID, type: .orderPlaced, payload: [
            "orderId": order.id.rawValue, "number": order.number.description, "status": order.status.rawValue,
        ], createdAt: order.placedAt)
    }

    /// `order` was cancelled at `date`.
    public static func orderCancelled(_ order: Order, at date: Date) -> OutboxEvent {
        OutboxEvent(userID: order.ownerID, type: .orderCancelled, payload: [
            "orderId": order.id.rawValue, "number": order.number.description, "status": OrderStatus.cancelled.rawValue,
        ], createdAt: date)
    }
}
