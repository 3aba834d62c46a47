import HTTPServer

/// `Authorization: Bearer <token>` (RFC 6750 §2.1): the scheme is case-insensitive, the token
/// is a token68 of sane length.
enum BearerToken {
    static func parse(_ header: String) -> String? {
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", parts[1].utf8.count <= 512,
            parts[1].utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || "-._~+/=".utf8.contains(byte)
            })
        else { return nil }
        return String(parts[1])
    }
}

/// Why a request was not authenticated, answered the same way for every route.
enum AuthenticationRefusal: Error {
    case missing
    case invalid
    case unavailable

    func response(context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        switch self {
        case .missing, .invalid:
            let challenge = self == .missing ? #"Bearer realm="viperd""# : #"Bearer realm="viperd", error="invalid_token""#
            return JSONBody.problem(
                ProblemDetails(
                    status: 401, code: "unauthorized", title: messages.text(.unauthorizedTitle),
                    detail: messages.text(.unauthorizedDetail), requestId: context.requestID),
                headers: ["WWW-Authenticate": challenge])
        case .unavailable:
            return JSONBody.problem(
                ProblemDetails(
                    status: 503, code: "storage_unavailable", title: messages.text(.unavailableTitle),
                    detail: messages.text(.unavailableDetail), requestId: context.requestID),
                headers: ["Retry-After": "1"])
        }
    }
}
