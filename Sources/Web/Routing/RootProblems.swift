import HTTPServer
import Presentation

/// The root's own answers for requests no scene handles: unknown paths, wrong methods, bodies
/// that are not JSON; worded in the client's language like every scene's.
enum RootProblems {
    static func notFound(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        JSONBody.problem(context.messages.noSuchPath(), requestID: context.requestID)
    }

    static func methodNotAllowed(_ request: HTTPRequest, allow: [HTTPMethod], context: RequestContext) -> HTTPResponse {
        let allowed = AllowedMethods.header(allow)
        if request.method == .options {
            return HTTPResponse(status: .noContent, headers: ["Allow": allowed])
        }
        return JSONBody.problem(
            context.messages.methodNotAllowed(method: request.method.rawValue, allowed: allowed), requestID: context.requestID,
            headers: ["Allow": allowed])
    }

    static func body(_ failure: JSONRequestBody.Failure, context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        switch failure {
        case .unsupportedMediaType:
            return JSONBody.problem(messages.unsupportedMediaType(), requestID: context.requestID)
        case .empty, .malformed:
            return JSONBody.problem(messages.malformedJSON(empty: failure == .empty), requestID: context.requestID)
        }
    }
}
