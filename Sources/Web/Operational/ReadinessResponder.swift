import Domain
import HTTPServer

/// `GET /health/ready`: 200 when the database answers a query, 503 otherwise.
enum ReadinessResponder {
    static let body = Array(#"{"status":"ready"}"#.utf8)

    static func respond(gateway: any EntityGateway, context: RequestContext) -> HTTPResponse {
        guard gateway.isAvailable() else {
            return JSONBody.problem(
                ProblemDetails(
                    status: 503, code: "storage_unavailable", title: "Not ready",
                    detail: "The database does not answer.", requestId: context.requestID),
                headers: ["Retry-After": "1"])
        }
        return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
    }
}
