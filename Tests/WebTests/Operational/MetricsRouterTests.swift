import HTTPServer
import Testing
@testable import Web

/// `/metrics` lives on a listener of its own: the API's router no longer serves it, and the
/// metrics router serves nothing else.
@Suite("metrics router")
struct MetricsRouterTests {
    func request(_ method: HTTPMethod, _ path: String) -> HTTPRequest {
        var request = HTTPRequest(method: method, target: path, path: path, query: nil, version: .http1_1, headers: ["Host": "t"], body: [])
        request.requestID = "r1"
        return request
    }

    @Test("GET and HEAD /metrics are the Prometheus text, never stored by a cache")
    func servesMetrics() {
        let router = MetricsRouter(metrics: MetricsRegistry(version: "9.9.9"))
        for method in [HTTPMethod.get, .head] {
            let response = router.respond(to: request(method, "/metrics"))
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(response.headers["Cache-Control"] == "no-store")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
            #expect(String(decoding: response.body, as: UTF8.self).contains(#"viperd_build_info{version="9.9.9"} 1"#))
        }
    }

    @Test("any other path is 404 and any other method 405 with Allow", arguments: ["/", "/health", "/v1/contacts", "/metrics/x"])
    func nothingElse(path: String) {
        let router = MetricsRouter(metrics: MetricsRegistry())
        #expect(router.respond(to: request(.get, path)).status.code == 404)
        let post = router.respond(to: request(.post, "/metrics"))
        #expect(post.status.code == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
    }

    @Test("the API's router does not serve /metrics: the series stay off the public port")
    func notOnTheAPI() {
        let response = makeRouter().respond(to: request(.get, "/metrics"))
        #expect(response.status.code == 404)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("viperd_"))
    }
}
