import Domain
import Presentation

/// What every stack of one request shares: its id, the client's language, the current user.
public struct RequestContext: Sendable {
    public let requestID: String
    public let language: Language
    public let owner: UserID

    public init(requestID: String, language: Language, owner: UserID) {
        self.requestID = requestID
        self.language = language
        self.owner = owner
    }

    var messages: Messages { Messages(language) }
}
