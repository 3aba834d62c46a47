/// One complete request as the parser framed it, body included.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as sent.
    public var target: String
    /// The path part of the target, still percent-encoded (`*` for asterisk-form).
    public var path: String
    /// The query part of the target without `?`, still percent-encoded, or nil.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Trailer fields of a chunked body.
    public var trailers: HTTPHeaders
    /// Whether the client allows the connection to stay open after this exchange.
    public var keepAlive: Bool
    /// The request id: the client's sane `X-Request-ID`, or one the server generated.
    public var requestID: String = ""
    /// The peer's address (`127.0.0.1`), for logging and rate limiting.
    public var remoteAddress: String = ""

    public init(
        method: HTTPMethod, target: String, path: String, query: String?, version: HTTPVersion,
        headers: HTTPHeaders, body: [UInt8] = [], trailers: HTTPHeaders = HTTPHeaders(),
        keepAlive: Bool = true
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.trailers = trailers
        self.keepAlive = keepAlive
    }
}
