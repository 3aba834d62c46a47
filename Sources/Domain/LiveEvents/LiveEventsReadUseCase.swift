import Foundation

/// What a live stream delivers next: the user's outbox events after a position, each with the
/// entities it is about, read now. Run by the stream hub on a worker whenever the user's outbox
/// may have grown, never on a request.
///
/// Outcomes: `presentEvents(_:)` (possibly none), `presentGap(_:position:)` when the position
/// cannot be replayed from, storage failures.
public struct LiveEventsReadUseCase {
    private let gateway: any EntityGateway
    private let owner: UserID
    private let batchSize: Int

    public init(gateway: any EntityGateway, owner: UserID, batchSize: Int) {
        self.gateway = gateway
        self.owner = owner
        self.batchSize = max(1, batchSize)
    }

    /// The events after `position`, at most a batch.
    public func eventRead(after position: Int64, output: any LiveEventsReadUseCaseOutput) {
        do {
            let events = try gateway.outbox.events(of: owner, after: position, limit: batchSize)
            if events.first.map({ $0.position != position &+ 1 }) ?? true {
                // Nothing right after `position`: caught up, or a gap (purged, or an id from
                // elsewhere). Only the user's newest position tells which.
                let last = try gateway.outbox.lastPosition(of: owner) ?? 0
                if position > last {
                    output.presentGap(.unknown, position: last)
                    return
                }
                if position < last {
                    output.presentGap(.retention, position: last)
                    return
                }
            }
            output.presentEvents(try events.map(model))
        } catch {
            output.presentStorage(error)
        }
    }

    /// The newest position (where a stream without `Last-Event-ID` starts).
    public func eventCurrentPosition(output: any LiveEventsReadUseCaseOutput) {
        do {
            output.presentPosition(try gateway.outbox.lastPosition(of: owner) ?? 0)
        } catch {
            output.presentStorage(error)
        }
    }

    private func model(_ event: StoredEvent) throws -> LiveEventPresentationModel {
        let payload = Self.payload(of: event)
        let amount = payload["amountMinor"].flatMap(Int64.init).flatMap { minor in
            payload["currency"].flatMap(Currency.init(code:)).map { Money(minor: minor, currency: $0) }
        }
        var transfer: TransferPresentationModel?
        var accounts: [AccountPresentationModel] = []
        var contact: ContactPresentationModel?
        var order: OrderPresentationModel?
        let contactID = payload["contactId"].map(ContactID.init)
        switch OutboxEventType(rawValue: event.type) {
        case .transferSent, .transferPending, .transferClaimed, .transferCancelled, .transferExpired:
            if let id = payload["transferId"], let found = try gateway.transfers.fetch(id: TransferID(id), owner: owner) {
                transfer = TransferPresentationModel(found)
            }
            accounts = try self.accounts([payload["fromAccountId"]])
        case .transferReceived:
            accounts = try self.accounts([payload["toAccountId"]])
        case .orderPlaced, .orderCancelled:
            if let id = payload["orderId"], let found = try gateway.orders.fetch(id: OrderID(id), owner: owner) {
                order = OrderPresentationModel(found)
                accounts = try self.accounts([found.payment?.accountID.rawValue])
            }
        case .contactCreated, .contactUpdated:
            if let contactID, let found = try gateway.contacts.fetch(id: contactID, owner: owner) { contact = ContactPresentationModel(found) }
        default:
            break
        }
        return LiveEventPresentationModel(
            position: event.position, type: event.type, occurredAt: event.createdAt, amount: amount, transfer: transfer, accounts: accounts,
            contact: contact, contactID: contactID, order: order)
    }

    /// The owner's accounts among `ids`, with their amounts now; an id not theirs (or gone) is skipped.
    private func accounts(_ ids: [String?]) throws -> [AccountPresentationModel] {
        try ids.compactMap { $0 }.filter { !$0.isEmpty }.compactMap { id in
            guard let account = try gateway.accounts.fetch(id: AccountID(id), owner: owner) else { return nil }
            return try AccountPresentationModel(account, amounts: try gateway.accounts.amounts(of: account.id))
        }
    }

    /// The flat facts an event carries; an unreadable payload (a bug elsewhere) carries none.
    private static func payload(of event: StoredEvent) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(event.payload.utf8)) as? [String: String]) ?? [:]
    }
}

/// What reading a stream's next events can lead to.
public protocol LiveEventsReadUseCaseOutput: StorageFailureOutput {
    /// The events after the position, in order (none when caught up).
    func presentEvents(_ events: [LiveEventPresentationModel])
    /// The position cannot be replayed from; the stream carries on from `position`.
    func presentGap(_ gap: LiveEventGap, position: Int64)
    /// The user's newest position.
    func presentPosition(_ position: Int64)
}
