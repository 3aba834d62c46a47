import HTTPServer

/// The root's own answers for requests no scene handles: unknown paths, wrong methods, bodies
/// that are not JSON.
enum ProblemResponses {
    static func notFound(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        JSONBody.problem(ProblemDetails(
            status: 404, code: "not_found", title: "Not found",
            detail: "There is no resource at this path.", requestId: context.requestID))
    }

    static func methodNotAllowed(_ request: HTTPRequest, allow: [HTTPMethod], context: RequestContext) -> HTTPResponse {
        let allowed = AllowedMethods.header(allow)
        if request.method == .options {
            return HTTPResponse(status: .noContent, headers: ["Allow": allowed])
        }
        return JSONBody.problem(
            ProblemDetails(
                status: 405, code: "method_not_allowed", title: "Method not allowed",
                detail: "\(request.method) is not allowed here; allowed: \(allowed).", requestId: context.requestID),
            headers: ["Allow": allowed])
    }

    static func body(_ failure: JSONRequestBody.Failure, context: RequestContext) -> HTTPResponse {
        switch failure {
        case .unsupportedMediaType:
            JSONBody.problem(ProblemDetails(
                status: 415, code: "unsupported_media_type", title: "Unsupported media type",
                detail: "Send the body as application/json (UTF-8).", requestId: context.requestID))
        case .malformed(let detail):
            JSONBody.problem(ProblemDetails(
                status: 400, code: "malformed_json", title: "Malformed JSON", detail: detail,
                errors: [.init(pointer: "", code: "malformed_json", detail: detail)], requestId: context.requestID))
        }
    }
}
