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
            return JSONBody.problem(messages.unauthorized(), requestID: context.requestID, headers: ["WWW-Authenticate": challenge])
        case .ambiguous:
            return JSONBody.problem(messages.severalAuthorizationFields(), requestID: context.requestID)
        case .unavailable:
            return JSONBody.problem(messages.unavailable(), requestID: context.requestID)
        }
    }
}
