import Domain

/// One live event on the wire, the `data` of a stream's event: `{type, position, occurredAt,
/// message, transfer?, accounts?, contact?, contactId?, order?}`; the optional keys appear only
/// when the event is about that entity (and it still exists).
public struct LiveEventViewModel: Equatable, Sendable {
    public let type: String
    public let position: Int64
    public let occurredAt: String
    /// What happened, for people (a status line, a notification).
    public let message: String
    public let transfer: TransferViewModel?
    public let accounts: [AccountViewModel]
    public let contact: ContactViewModel?
    public let contactID: String?
    public let order: OrderViewModel?

    public init(_ event: LiveEventPresentationModel, messages: Messages) {
        let language = messages.language
        type = event.type
        position = event.position
        occurredAt = Timestamp.format(event.occurredAt)
        message = LiveEventWording.message(event, messages: messages)
        transfer = event.transfer.map { TransferViewModel($0, messages: messages) }
        accounts = event.accounts.map { AccountViewModel($0, language: language) }
        contact = event.contact.map { ContactViewModel($0, language: language) }
        contactID = event.contactID?.rawValue
        order = event.order.map { OrderViewModel($0, messages: messages) }
    }
}

/// The event's one encoding: one line of JSON, as a stream's `data` field needs.
extension LiveEventViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("type", type)
        output.key("position")
        output.integer(position)
        output.field("occurredAt", occurredAt)
        output.field("message", message)
        if let transfer { output.field("transfer", transfer) }
        if !accounts.isEmpty {
            output.key("accounts")
            output.beginArray()
            for account in accounts { account.write(to: &output) }
            output.endArray()
        }
        if let contact { output.field("contact", contact) }
        if let contactID { output.field("contactId", contactID) }
        if let order { output.field("order", order) }
        output.endObject()
    }
}

/// Where a stream that could not replay carries on from, and why: the `data` of a `reset` event.
public struct LiveEventResetViewModel: Equatable, Sendable {
    /// `retention` or `unknown`.
    public let reason: String
    public let detail: String
    public let position: Int64

    public init(_ gap: LiveEventGap, position: Int64, messages: Messages) {
        reason = gap.rawValue
        detail = messages.text(gap == .retention ? .liveResetRetention : .liveResetUnknown)
        self.position = position
    }
}

extension LiveEventResetViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("reason", reason)
        output.field("detail", detail)
        output.key("position")
        output.integer(position)
        output.endObject()
    }
}
