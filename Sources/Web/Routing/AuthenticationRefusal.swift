import HTTPServer
import Presentation

/// Why a request was not authenticated, answered the same way for every route.
enum AuthenticationRefusal: Error {
    case missing
    case invalid
    /// More than one `Authorization` field: 400, whatever they hold.
    case ambiguous
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
        case .ambiguous:
            return JSONBody.problem(
                ProblemDetails(
                    status: 400, code: "malformed_request", title: messages.text(.malformedTitle),
                    detail: messages.text(.severalAuthorizationFields), requestId: context.requestID))
        case .unavailable:
            return JSONBody.problem(
                ProblemDetails(
                    status: 503, code: "storage_unavailable", title: messages.text(.unavailableTitle),
                    detail: messages.text(.unavailableDetail), requestId: context.requestID),
                headers: ["Retry-After": "1"])
        }
    }
}
