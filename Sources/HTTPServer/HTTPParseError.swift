/// Why a request was refused before reaching the handler; each maps to one status code.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The precise rule that was broken; tests assert on it.
    public enum Reason: String, Sendable, CaseIterable {
        case invalidMethod = "invalid method token"
        case methodNotImplemented = "method not implemented"
        case invalidRequestTarget = "invalid request-target"
        case invalidHost = "invalid Host"
        case invalidVersion = "invalid HTTP version"
        case unsupportedVersion = "unsupported HTTP version"
        case invalidRequestLine = "malformed request line"
        case requestLineTooLong = "request line too long"
        case bareLineFeed = "line ending is LF without CR"
        case bareCarriageReturn = "CR not followed by LF"
        case obsoleteLineFolding = "obsolete line folding"
        case invalidHeaderName = "invalid header field name"
        case whitespaceBeforeColon = "whitespace between header name and colon"
        case invalidHeaderValue = "invalid character in header field value"
        case headerLineTooLong = "header field line too long"
        case headerSectionTooLarge = "header section too large"
        case tooManyHeaders = "too many header fields"
        case missingHost = "HTTP/1.1 request without Host"
        case multipleHosts = "more than one Host field"
        case invalidContentLength = "invalid Content-Length"
        case multipleContentLengths = "more than one Content-Length"
        case contentLengthWithTransferEncoding = "both Content-Length and Transfer-Encoding"
        case chunkedNotFinal = "chunked is not the final transfer coding"
        case unsupportedTransferCoding = "unsupported transfer coding"
        case transferEncodingInHTTP10 = "Transfer-Encoding in an HTTP/1.0 request"
        case invalidChunkSize = "invalid chunk size"
        case invalidChunkExtension = "invalid chunk extension"
        case chunkLineTooLong = "chunk-size line too long"
        case missingChunkTerminator = "chunk data not followed by CRLF"
        case bodyTooLarge = "request body too large"
        case unsupportedExpectation = "unsupported expectation"
        case connectNotSupported = "CONNECT is not supported"
        case headerTimeout = "header section not received in time"
        case bodyTimeout = "body not received in time"
        case handlerTimeout = "handler did not answer in time"
        case serverAtCapacity = "too many open connections"
        case addressAtCapacity = "too many open connections from this address"
        case bodyMemoryBusy = "too many request bodies being read"
        case outputMemoryBusy = "too many responses waiting for their clients"
        case shuttingDown = "the server is shutting down"
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    /// The status the client is answered with.
    public var status: HTTPStatus {
        switch reason {
        case .requestLineTooLong: .uriTooLong
        case .headerLineTooLong, .headerSectionTooLarge, .tooManyHeaders: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedTransferCoding, .connectNotSupported, .methodNotImplemented: .notImplemented
        case .unsupportedExpectation: .expectationFailed
        case .headerTimeout, .bodyTimeout: .requestTimeout
        case .handlerTimeout, .serverAtCapacity, .addressAtCapacity, .bodyMemoryBusy, .outputMemoryBusy, .shuttingDown: .serviceUnavailable
        default: .badRequest
        }
    }

    public var description: String { "\(status.code) \(reason.rawValue)" }
}
