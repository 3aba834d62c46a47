/// What a handler returns: status, header fields and the whole body, or a producer of it.
///
/// The server adds `Content-Length` (or `Transfer-Encoding: chunked` for a streamed body),
/// `Date`, `Server`, `X-Request-ID` and `Connection` itself and ignores handler-set values of
/// those (and of `Transfer-Encoding`), so framing stays its own.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// When set, the body is what this produces, piece by piece as the client reads (`body` is
    /// then not sent); the server calls its `finish()` whatever becomes of the response.
    public var stream: (any HTTPBodyProducer)?
    /// When set, the body is what the application pushes on this channel until it ends (`body`
    /// is then not sent); the server ends the channel whatever becomes of the response.
    public var push: HTTPPushChannel?

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is pushed on `push` for as long as it stays open.
    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), push: HTTPPushChannel) {
        self.status = status
        self.headers = headers
        body = []
        self.push = push
    }

    /// A response whose body `stream` produces while it is sent.
    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), stream: any HTTPBodyProducer) {
        self.status = status
        self.headers = headers
        body = []
        self.stream = stream
    }
}
