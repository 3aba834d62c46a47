import HTTPServer
import Presentation

/// What every routed response gets after its scene answered, decided here once rather than in
/// each responder: language fields, `If-None-Match` → 304, CORS, and the security fields
/// (`SecurityHeaders`). Refusals the HTTP server writes itself before routing (400, 408, 413,
/// 414, 431, 503 at accept) never pass through here; `ServerErrorResponder` adds their `nosniff`.
public struct ResponsePolicies: Sendable {
    public var cors: CORSPolicy

    public init(cors: CORSPolicy = .disabled) {
        self.cors = cors
    }

    /// - Parameter localized: whether the route words its answers in `language` (every route
    ///   but the operational ones, whose bodies are fixed).
    func apply(to response: inout HTTPResponse, for request: HTTPRequest, language: Language, localized: Bool) {
        if localized { ContentLanguage.apply(to: &response, language: language) }
        // After the language fields, so a 304 keeps the `Vary` its 200 would have had.
        ConditionalGet.apply(to: &response, for: request)
        cors.apply(to: &response, for: request)
        SecurityHeaders.apply(to: &response, for: request)
    }
}
