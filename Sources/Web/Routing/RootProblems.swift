import HTTPServer
import Presentation

/// The root's own answers for requests no scene handles: unknown paths, wrong methods, bodies
/// that are not JSON; worded in the client's language like every scene's.
enum RootProblems {
    static func notFound(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        return JSONBody.problem(ProblemDetails(
            status: 404, code: "not_found", title: messages.text(.notFoundTitle), detail: messages.text(.noSuchPath),
            requestId: context.requestID))
    }

    static func methodNotAllowed(_ request: HTTPRequest, allow: [HTTPMethod], context: RequestContext) -> HTTPResponse {
        let allowed = AllowedMethods.header(allow)
        if request.method == .options {
            return HTTPResponse(status: .noContent, headers: ["Allow": allowed])
        }
        let messages = context.messages
        return JSONBody.problem(
            ProblemDetails(
                status: 405, code: "method_not_allowed", title: messages.text(.methodNotAllowedTitle),
                detail: messages.text(.methodNotAllowedDetail, ["method": request.method.rawValue, "allowed": allowed]),
                requestId: context.requestID),
            headers: ["Allow": allowed])
    }

    static func body(_ failure: JSONRequestBody.Failure, context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        switch failure {
        case .unsupportedMediaType:
            return JSONBody.problem(ProblemDetails(
                status: 415, code: "unsupported_media_type", title: messages.text(.unsupportedMediaTypeTitle),
                detail: messages.text(.unsupportedMediaTypeDetail), requestId: context.requestID))
        case .empty, .malformed:
            let detail = messages.text(failure == .empty ? .emptyBody : .invalidJSON)
            return JSONBody.problem(ProblemDetails(
                status: 400, code: "malformed_json", title: messages.text(.malformedJSONTitle), detail: detail,
                errors: [.init(pointer: "", code: "malformed_json", detail: detail)], requestId: context.requestID))
        }
    }
}
