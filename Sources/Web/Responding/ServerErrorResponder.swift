import HTTPServer

/// Renders the refusals the HTTP server decides by itself (malformed framing, limits, timeouts)
/// as problem documents, so they look like every other error of the API.
public enum ServerErrorResponder {
    public static let respond: HTTPServer.ErrorResponder = { error, requestID in
        let (code, title) = describe(error.reason)
        return JSONBody.problem(ProblemDetails(
            status: error.status.code, code: code, title: title, detail: error.reason.rawValue.capitalizedFirst + ".",
            requestId: requestID))
    }

    static func describe(_ reason: HTTPParseError.Reason) -> (code: String, title: String) {
        switch reason {
        case .requestLineTooLong: ("uri_too_long", "Request line too long")
        case .headerLineTooLong, .headerSectionTooLarge, .tooManyHeaders: ("headers_too_large", "Request header fields too large")
        case .bodyTooLarge: ("body_too_large", "Request body too large")
        case .unsupportedVersion: ("http_version_not_supported", "HTTP version not supported")
        case .unsupportedTransferCoding: ("unsupported_transfer_coding", "Transfer coding not implemented")
        case .connectNotSupported, .methodNotImplemented: ("method_not_implemented", "Method not implemented")
        case .unsupportedExpectation: ("expectation_failed", "Expectation failed")
        case .headerTimeout, .bodyTimeout: ("request_timeout", "Request timeout")
        case .handlerTimeout: ("handler_timeout", "The request took too long")
        case .serverAtCapacity: ("server_busy", "Server at capacity")
        default: ("malformed_request", "Malformed request")
        }
    }
}
