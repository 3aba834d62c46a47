import Domain
import Presentation

/// What every stack of one request shares: its id, the client's language and address.
public struct RequestContext: Sendable {
    public let requestID: String
    public let language: Language
    /// The peer's address, for login throttling.
    public let clientAddress: String

    public init(requestID: String, language: Language, clientAddress: String) {
        self.requestID = requestID
        self.language = language
        self.clientAddress = clientAddress
    }

    var messages: Messages { Messages(language) }
}
