/// What a handler returns: status, header fields and the whole body.
///
/// The server adds `Content-Length`, `Date`, `Server`, `X-Request-ID` and `Connection` itself and
/// ignores handler-set values of those (and of `Transfer-Encoding`), so framing stays its own.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
