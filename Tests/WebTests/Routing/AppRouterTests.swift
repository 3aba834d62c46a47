import HTTPServer
import Testing
@testable import Web

/// What the root router answers before any feature exists.
@Suite("app router")
struct AppRouterTests {
    func request(_ method: HTTPMethod, _ path: String) -> HTTPRequest {
        var request = HTTPRequest(method: method, target: path, path: path, query: nil, version: .http1_1, headers: ["Host": "t"])
        request.requestID = "r1"
        return request
    }

    @Test("GET /health is 200 {\"status\":\"ok\"}")
    func health() {
        let response = AppRouter().respond(to: request(.get, "/health"))
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"ok"}"#)
    }

    @Test("an unknown path is a 404 problem")
    func notFound() {
        let response = AppRouter().respond(to: request(.get, "/nope"))
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test("a wrong method on /health is 405 with Allow; OPTIONS lists the methods")
    func methods() {
        let refused = AppRouter().respond(to: request(.post, "/health"))
        #expect(refused.status.code == 405)
        #expect(refused.headers["Allow"] == "GET, HEAD, OPTIONS")
        let options = AppRouter().respond(to: request(.options, "/health"))
        #expect(options.status.code == 204)
        #expect(options.headers["Allow"] == "GET, HEAD, OPTIONS")
    }
}
