import HTTPServer
import Presentation

/// The hook the HTTP server takes its own refusals from (malformed framing, limits, deadlines,
/// capacity, shutdown): they become problem documents worded like every other error of the API,
/// in the language the request asked for when its header section was read (English before).
public enum ServerErrorResponder {
    public static let respond: HTTPServer.ErrorResponder = { refusal in
        let language = Language.negotiate(acceptLanguage: refusal.headers?["Accept-Language"])
        var response = JSONBody.problem(Messages(language).refusal(describe(refusal.error.reason)), requestID: refusal.requestID)
        ContentLanguage.apply(to: &response, language: language)
        SecurityHeaders.addNoSniff(to: &response)
        return response
    }

    /// The server's reason in the Presentation's terms; the many ways to break HTTP/1.1 syntax
    /// are one `malformed_request`, each with its rule in the detail.
    static func describe(_ reason: HTTPParseError.Reason) -> ServerRefusal {
        switch reason {
        case .requestLineTooLong: .uriTooLong
        case .headerLineTooLong, .headerSectionTooLarge, .tooManyHeaders: .headersTooLarge
        case .bodyTooLarge: .bodyTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedTransferCoding: .unsupportedTransferCoding
        case .connectNotSupported, .methodNotImplemented: .methodNotImplemented
        case .unsupportedExpectation: .expectationFailed
        case .headerTimeout, .bodyTimeout: .requestTimeout
        case .handlerTimeout: .handlerTimeout
        case .serverAtCapacity, .bodyMemoryBusy, .outputMemoryBusy: .serverBusy
        case .addressAtCapacity: .addressAtCapacity
        case .shuttingDown: .shuttingDown
        case .invalidMethod, .invalidRequestTarget, .invalidHost, .invalidVersion, .invalidRequestLine, .bareLineFeed,
            .bareCarriageReturn, .obsoleteLineFolding, .invalidHeaderName, .whitespaceBeforeColon, .invalidHeaderValue,
            .missingHost, .multipleHosts, .invalidContentLength, .multipleContentLengths, .contentLengthWithTransferEncoding,
            .chunkedNotFinal, .transferEncodingInHTTP10, .invalidChunkSize, .invalidChunkExtension, .chunkLineTooLong,
            .missingChunkTerminator:
            .malformed(rule: reason.rawValue)
        }
    }
}
