import HTTPServer

/// The root of the router tree: turns a request into a route and answers what nobody handles.
public struct AppRouter: Sendable {
    public init() {}

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case (.get, "/health"), (.head, "/health"):
            return HealthResponder.respond()
        case (_, "/health"):
            return methodNotAllowed(request, allow: ["GET", "HEAD"])
        default:
            return notFound(request)
        }
    }

    func notFound(_ request: HTTPRequest) -> HTTPResponse {
        JSONBody.problem(ProblemDetails(
            status: 404, code: "not_found", title: "Not found",
            detail: "No resource at \(request.path).", requestId: request.requestID))
    }

    func methodNotAllowed(_ request: HTTPRequest, allow: [String]) -> HTTPResponse {
        let allowed = (allow + ["OPTIONS"]).joined(separator: ", ")
        if request.method == .options {
            return HTTPResponse(status: .noContent, headers: ["Allow": allowed])
        }
        return JSONBody.problem(
            ProblemDetails(
                status: 405, code: "method_not_allowed", title: "Method not allowed",
                detail: "\(request.method) is not allowed on \(request.path).", requestId: request.requestID),
            headers: ["Allow": allowed])
    }
}
