import Domain
import Logging
import Presentation

/// The embedded default, with no relay: each message is written to the log at `info`, whole, so
/// a developer running `viperd serve` alone reads the code in the terminal. The outbox keeps the
/// message (state `logged`) for `viperd mail list`.
struct LogMailTransport: MailTransport {
    let logger: Logger

    func deliver(_ message: OutgoingMessage) -> DeliveryOutcome {
        logger.info(
            "mail (no --smtp-url: logged, not sent) to \(message.request.recipient): \(message.text.subject)\n\(message.text.body)",
            metadata: ["mail_id": "\(message.request.id)", "kind": "\(message.request.kind.rawValue)"])
        return .logged
    }
}
