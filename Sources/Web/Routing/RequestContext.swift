import Domain
import Logging
import Presentation

/// What every stack of one request shares: its id, the client's language and address, and the
/// server's log.
public struct RequestContext: Sendable {
    public let requestID: String
    public let language: Language
    /// The client as the per-address limits count it (login, registration): its address, or an
    /// IPv6 address's network (`ClientAddress.limitKey`).
    public let clientAddress: String
    /// Where a Responder reports what the operator must see (an outcome that cannot happen).
    public let logger: Logger

    public init(requestID: String, language: Language, clientAddress: String, logger: Logger) {
        self.requestID = requestID
        self.language = language
        self.clientAddress = clientAddress
        self.logger = logger
    }

    var messages: Messages { Messages(language) }
}
