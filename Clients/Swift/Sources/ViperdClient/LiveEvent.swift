import Foundation

/// One change to the signed-in user's data, as `GET /v1/events` sends it in an event's `data`
/// (the server's `LiveEventViewModel`): what happened, in the request's language, and the
/// entities it changed as they are now, in the same shapes their own endpoints answer.
public struct LiveEvent: Decodable, Sendable, Hashable {
    /// The event's type, the SSE `event:` field too: `transfer.received`, `order.placed`,
    /// `contact.deleted`, `user.email_verified`… A new type may appear; an app ignores it.
    public var type: String
    /// The user's outbox position: 1, 2, 3… per user, never reused; the SSE `id:`.
    public var position: Int64
    /// When the change was committed.
    public var occurredAt: Date
    /// What happened, one localized sentence to show.
    public var message: String
    /// The transfer as `GET /v1/transfers/{id}` shows it (the sender's events only).
    public var transfer: Components.Schemas.Transfer?
    /// The accounts whose balances changed, as `GET /v1/accounts/{id}` shows them.
    public var accounts: [Components.Schemas.Account]?
    /// The contact as `GET /v1/contacts/{id}` shows it (absent once deleted).
    public var contact: Components.Schemas.Contact?
    /// The contact's id, also when it was deleted.
    public var contactId: String?
    /// The order as `GET /v1/orders/{id}` shows it.
    public var order: Components.Schemas.Order?

    /// An event as the server would send it (for an app's previews and tests).
    public init(
        type: String, position: Int64, occurredAt: Date, message: String,
        transfer: Components.Schemas.Transfer? = nil, accounts: [Components.Schemas.Account]? = nil,
        contact: Components.Schemas.Contact? = nil, contactId: String? = nil, order: Components.Schemas.Order? = nil
    ) {
        self.type = type
        self.position = position
        self.occurredAt = occurredAt
        self.message = message
        self.transfer = transfer
        self.accounts = accounts
        self.contact = contact
        self.contactId = contactId
        self.order = order
    }
}
