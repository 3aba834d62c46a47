import Domain
import HTTPServer
import Logging
import Presentation

/// What every stack of one request shares: its id, the client's language and address, and the
/// server's log.
public struct RequestContext: Sendable {
    public let requestID: String
    public let language: Language
    /// The client's address (the peer, or what a trusted proxy forwarded).
    public let clientAddress: String
    /// Leading bits of an IPv6 address that make one client for the per-address limits.
    public let ipv6PrefixLength: Int
    /// Where a Responder reports what the operator must see (an outcome that cannot happen).
    public let logger: Logger

    public init(requestID: String, language: Language, clientAddress: String, ipv6PrefixLength: Int = 64, logger: Logger) {
        self.requestID = requestID
        self.language = language
        self.clientAddress = clientAddress
        self.ipv6PrefixLength = ipv6PrefixLength
        self.logger = logger
    }

    /// The client as the per-address limits count it (login, registration): its address, or an
    /// IPv6 address's network (`ClientAddress.limitKey`). Computed only by the scenes that count
    /// it: parsing the address on every request cost the get ~5 % more instructions.
    var clientLimitKey: String { ClientAddress.limitKey(of: clientAddress, ipv6PrefixLength: ipv6PrefixLength) }

    var messages: Messages { Messages(language) }
}
