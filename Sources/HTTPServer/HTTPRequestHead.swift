/// What the parser knows once a header section is complete, before any body byte is read.
public struct HTTPRequestHead: Sendable {
    /// How the body is delimited (RFC 9112 §6.3).
    public enum Framing: Equatable, Sendable {
        case none
        case length(Int)
        case chunked
    }

    public var method: HTTPMethod
    public var target: String
    public var path: String
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var framing: Framing
    public var keepAlive: Bool
    /// `Expect: 100-continue` on an HTTP/1.1 request that has a body to read.
    public var expectsContinue: Bool
}
