/// Why a send failed, and so what the caller should do with the message.
///
/// - `temporary`: retry later. A 4xx reply at any step, a refused or closed connection, a
///   timeout or a stall, a relay that does not speak SMTP as expected: the same message may go
///   through once the relay is back or fixed.
/// - `permanent`: do not retry. A 5xx reply at any step (a refused recipient, bad credentials:
///   535), or a message that can never be sent as it is (an address holding CR, LF, `<`, `>`,
///   a space or a control character; a date outside the years 1900...9999), refused before
///   connecting.
///
/// The text says which step failed and quotes the relay's reply with its control characters
/// replaced, so it can be logged as it is.
public enum SMTPFailure: Error, Sendable, Equatable {
    /// Retry later: the relay or the network may accept the same message then.
    case temporary(String)
    /// Never retry: the relay refused the message for good, or it cannot be sent as it is.
    case permanent(String)
}
