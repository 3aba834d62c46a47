import Domain
import Foundation
import Presentation

/// One message as a transport receives it: the queued request, its words, and the headers the
/// worker fixed for it.
struct OutgoingMessage: Sendable {
    let request: MailRequest
    let text: MailText
    /// Without angle brackets: `m_…@domain`, the same on every attempt, so a relay or a reader
    /// that sees it twice can tell.
    let messageID: String
    let date: Date
}

/// What one delivery attempt came to.
enum DeliveryOutcome: Equatable, Sendable {
    /// Accepted by the relay.
    case sent
    /// Written to the log (no relay configured).
    case logged
    /// Worth another attempt later: a 4xx, a refused or dropped connection, a stall.
    case temporaryFailure(String)
    /// Never deliverable as it is: a 5xx, an address no relay accepts.
    case permanentFailure(String)
}

/// Where the delivery worker hands each message.
protocol MailTransport: Sendable {
    /// Attempts `message` once; blocks until the outcome is known (or a timeout makes it one).
    func deliver(_ message: OutgoingMessage) -> DeliveryOutcome
}
