import Domain

/// A stream ticket on the wire: `{ticket, expiresAt}`.
public struct EventTicketViewModel: Equatable, Sendable {
    public let ticket: String
    public let expiresAt: String

    public init(_ ticket: EventTicketPresentationModel) {
        self.ticket = ticket.ticket
        expiresAt = Timestamp.format(ticket.expiresAt)
    }
}

extension EventTicketViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("ticket", ticket)
        output.field("expiresAt", expiresAt)
        output.endObject()
    }
}
