import Domain
import HTTPServer
import Presentation

/// `GET /health/ready`: 200 when the database answers a query, 503 `storage_unavailable`
/// otherwise, worded in the client's language (the 200's body is fixed).
enum ReadinessResponder {
    static let body = Array(#"{"status":"ready"}"#.utf8)

    static func respond(gateway: any EntityGateway, context: RequestContext) -> HTTPResponse {
        guard gateway.isAvailable() else {
            var response = JSONBody.problem(context.messages.notReady(), requestID: context.requestID)
            ContentLanguage.apply(to: &response, language: context.language)
            return response
        }
        return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
    }
}
