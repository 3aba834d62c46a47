import HTTPServer

/// Which browser origins may call the API from their pages (`--cors-origin`); none by default.
///
/// An allowed origin is echoed in `Access-Control-Allow-Origin`, never `*`, so only the named
/// origins' pages read answers. Any other origin gets no CORS fields at all, and its browser
/// withholds the response from the page; the server itself refuses nothing (tokens protect the
/// API; CORS protects the user's browser).
public struct CORSPolicy: Sendable {
    public let origins: [CORSOrigin]

    /// Request fields a page may set beyond the safelisted ones.
    static let allowedHeaders = "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Accept-Language, X-Request-ID"
    /// Response fields a page may read beyond the safelisted ones.
    static let exposedHeaders = "Location, ETag, X-Request-ID, Retry-After, Idempotent-Replayed"
    /// Seconds a browser may reuse a preflight answer.
    static let maxAge = "600"

    /// No origin is allowed: no CORS fields are ever sent.
    public static let disabled = CORSPolicy(origins: [CORSOrigin]())

    public init(origins: [CORSOrigin]) {
        self.origins = origins
    }

    /// Parses each origin; throws for the first that is not one.
    public init(origins: [String]) throws(CORSOrigin.Invalid) {
        var parsed: [CORSOrigin] = []
        for origin in origins {
            parsed.append(try CORSOrigin(origin))
        }
        self.init(origins: parsed)
    }

    public var isEnabled: Bool { !origins.isEmpty }

    /// A browser asking before the real request: `OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`.
    static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == .options && request.headers.contains("Origin") && request.headers.contains("Access-Control-Request-Method")
    }

    /// The request's `Origin` exactly as sent, when it is one of ours.
    func allowedOrigin(of request: HTTPRequest) -> String? {
        let values = request.headers.values(for: "Origin")
        guard values.count == 1, let origin = try? CORSOrigin(values[0]), origins.contains(origin) else { return nil }
        return values[0]
    }

    /// Adds the CORS fields to a routed response: for a preflight the path's methods (already in
    /// its `Allow`) and the fields a page may send; for any other request what a page may read.
    func apply(to response: inout HTTPResponse, for request: HTTPRequest) {
        guard isEnabled else { return }
        // The answer depends on `Origin` whenever CORS is on, allowed origin or not.
        response.headers.addVary("Origin")
        guard let origin = allowedOrigin(of: request) else { return }
        response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: origin)
        if Self.isPreflight(request) {
            // A preflight to a path that exists is a 204 with `Allow`; a 404 stays a failed preflight.
            guard response.status.code == 204, let allow = response.headers["Allow"] else { return }
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Methods", value: allow)
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
            response.headers.replaceOrAdd(name: "Access-Control-Max-Age", value: Self.maxAge)
        } else {
            response.headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
        }
    }
}
