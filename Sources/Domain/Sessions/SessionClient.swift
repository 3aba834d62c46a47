/// Who opened a session, as the sessions list shows it: the client's address and its
/// `User-Agent`, cut to `SessionPolicy.maximumUserAgentLength` so a client cannot store more.
public struct SessionClient: Equatable, Sendable {
    public let address: String
    public let userAgent: String?

    public init(address: String, userAgent: String?) {
        self.address = address
        self.userAgent = userAgent.map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(SessionPolicy.maximumUserAgentLength))) }
    }
}
