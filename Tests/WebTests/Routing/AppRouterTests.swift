import Foundation
import HTTPServer
import Testing
@testable import Web

/// What the root router answers, without storage.
@Suite("app router")
struct AppRouterTests {
    func request(_ method: HTTPMethod, _ target: String, headers: HTTPHeaders = ["Host": "t", "Authorization": "Bearer \(goodToken)"], body: String = "") -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        var request = HTTPRequest(
            method: method, target: target, path: parts[0], query: parts.count > 1 ? parts[1] : nil, version: .http1_1,
            headers: headers, body: Array(body.utf8))
        request.requestID = "r1"
        return request
    }

    @Test("GET /health is 200 {\"status\":\"ok\"}")
    func health() {
        let response = makeRouter().respond(to: request(.get, "/health"))
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"ok"}"#)
    }

    @Test("readiness follows the database: 200 when it answers, 503 problem when not")
    func readiness() {
        #expect(makeRouter().respond(to: request(.get, "/health/ready")).status.code == 200)
        let down = makeRouter(available: false).respond(to: request(.get, "/health/ready"))
        #expect(down.status.code == 503)
        #expect(down.headers["Content-Type"] == "application/problem+json")
    }

    @Test("readiness down answers in French with Accept-Language: fr, saying storage_unavailable with Retry-After")
    func readinessInFrench() throws {
        let down = makeRouter(available: false).respond(to: request(.get, "/health/ready", headers: ["Host": "t", "Accept-Language": "fr"]))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(down.body)) as? [String: Any])
        #expect(json["code"] as? String == "storage_unavailable")
        #expect(json["title"] as? String == "Pas prêt")
        #expect(json["detail"] as? String == "La base de données ne répond pas")
        #expect(down.headers["Content-Language"] == "fr")
        #expect(down.headers["Retry-After"] == "1")
    }

    @Test("the root's own problems speak the client's language too")
    func localizedRootProblems() {
        let response = makeRouter().respond(to: request(.get, "/nope", headers: ["Host": "t", "Accept-Language": "fr"]))
        #expect(String(decoding: response.body, as: UTF8.self).contains("Aucune ressource"))
    }

    @Test("an unknown path is a 404 problem with the request id")
    func notFound() {
        let response = makeRouter().respond(to: request(.get, "/nope"))
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""requestId":"r1""#))
    }

    @Test("a wrong method is 405 with Allow; OPTIONS lists the methods", arguments: [
        ("/health", "GET, HEAD, OPTIONS"), ("/v1/contacts", "GET, POST, HEAD, OPTIONS"), ("/v1/contacts/c_1", "GET, PATCH, DELETE, HEAD, OPTIONS"),
    ])
    func methods(path: String, allow: String) {
        let refused = makeRouter().respond(to: request(.put, path))
        #expect(refused.status.code == 405)
        #expect(refused.headers["Allow"] == allow)
        let options = makeRouter().respond(to: request(.options, path))
        #expect(options.status.code == 204)
        #expect(options.headers["Allow"] == allow)
    }

    @Test("a body that does not say JSON is 415 and never reaches storage")
    func unsupportedMediaType() {
        let response = makeRouter().respond(to: request(.post, "/v1/contacts", headers: ["Content-Type": "text/plain", "Authorization": "Bearer \(goodToken)"], body: "{}"))
        #expect(response.status.code == 415)
    }

    @Test("malformed or absurdly nested JSON is a 400, never a crash", arguments: [
        "{", "", "{\"a\":}", "nul", String(repeating: "[", count: 100_000), "\"\\ud800\"",
    ])
    func malformedJSON(body: String) {
        let response = makeRouter().respond(to: request(.post, "/v1/contacts", headers: ["Content-Type": "application/json", "Authorization": "Bearer \(goodToken)"], body: body))
        #expect(response.status.code == 400)
    }

    @Test("a malformed contact id is a 400 naming the id parameter, storage untouched")
    func malformedID() {
        let response = makeRouter().respond(to: request(.get, "/v1/contacts/%00bad"))
        #expect(response.status.code == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""parameter":"id""#))
    }

    @Test("a /v1 route without a token, or with a bad one, is 401 with a Bearer challenge", arguments: [
        nil, "Bearer", "Bearer nope", "Basic dXNlcjpwYXNz", "Bearer \(goodToken) extra", "bearer  ",
    ])
    func unauthenticated(authorization: String?) {
        var headers: HTTPHeaders = ["Host": "t"]
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        let response = makeRouter().respond(to: request(.get, "/v1/contacts/c_1", headers: headers))
        #expect(response.status.code == 401)
        #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test("registration and login need no token; logout and /v1/me do", arguments: [
        (HTTPMethod.post, "/v1/users", false), (.post, "/v1/sessions", false), (.delete, "/v1/sessions/current", true), (.get, "/v1/me", true),
    ])
    func publicRoutes(method: HTTPMethod, path: String, needsToken: Bool) {
        let response = makeRouter().respond(to: request(method, path, headers: ["Host": "t", "Content-Type": "text/plain"]))
        #expect((response.status.code == 401) == needsToken, "\(response.status)")
    }

    @Test("metrics count requests by route template, never by raw path")
    func metricsByTemplate() {
        let metrics = MetricsRegistry()
        let router = makeRouter(metrics: metrics)
        _ = router.respond(to: request(.get, "/v1/contacts/%00x"))
        _ = router.respond(to: request(.get, "/secret/path/42"))
        _ = router.respond(to: request(HTTPMethod("X-INVENTED-42"), "/health"))
        let text = String(decoding: MetricsRouter(metrics: metrics).respond(to: request(.get, "/metrics")).body, as: UTF8.self)
        #expect(text.contains(#"viperd_http_requests_total{method="GET",route="/v1/contacts/{id}",status="400"} 1"#))
        #expect(text.contains(#"route="unmatched",status="404"} 1"#))
        #expect(!text.contains("/secret"))
        #expect(!text.contains("INVENTED"))
        #expect(text.contains(#"method="other""#))
        #expect(text.contains("viperd_open_connections"))
        #expect(text.contains("viperd_http_request_duration_seconds_bucket"))
    }
}
