/// A request the server refuses by itself, as its `ErrorResponder` gets it.
public struct HTTPRefusal: Sendable {
    /// Why, precisely; its `status` is the answer's.
    public let error: HTTPParseError
    /// The `X-Request-ID` the answer carries.
    public let requestID: String
    /// The refused request's header fields when its header section was read (a body too large,
    /// an `Expect`, a body or handler deadline), so the answer can honour `Accept-Language`; nil
    /// for a refusal at accept or within the head.
    public let headers: HTTPHeaders?

    public init(error: HTTPParseError, requestID: String, headers: HTTPHeaders? = nil) {
        self.error = error
        self.requestID = requestID
        self.headers = headers
    }
}
