/// A request method token, case-sensitive as RFC 9110 §9.1 requires.
public struct HTTPMethod: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"
    public static let connect: HTTPMethod = "CONNECT"
    public static let trace: HTTPMethod = "TRACE"
    public static let query: HTTPMethod = "QUERY"

    /// The methods this server implements, the one list: any other token is answered 501 Not
    /// Implemented by the parser (RFC 9110 §9.1), `OPTIONS *` lists them, and metrics label only
    /// these. CONNECT and TRACE are known to HTTP but deliberately not implemented.
    public static let implemented: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// The methods the parser lets through to the handler: the implemented ones, TRACE (RFC 9110)
    /// and QUERY (the IETF's safe method with a body), which the router answers 405 with the
    /// resource's `Allow` (RFC 9110 §9.1: 501 is for methods the server does not recognize).
    /// CONNECT stays 501: its target is no path.
    public static let recognized: [HTTPMethod] = implemented + [.trace, .query]

    /// Safe (RFC 9110 §9.2.1): the client asks for no change; such requests run on the read workers.
    public var isSafe: Bool { self == .get || self == .head || self == .options || self == .trace || self == .query }

    /// Whether `implemented` contains this method.
    public var isImplemented: Bool { Self.implemented.contains(self) }

    /// The longest implemented token: a longer one is refused as soon as its bytes pass this, so
    /// an unknown method costs no buffering.
    static let longestImplemented = recognized.map(\.rawValue.utf8.count).max() ?? 0

    public var description: String { rawValue }
}
