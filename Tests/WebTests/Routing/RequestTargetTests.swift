import Foundation
import HTTPServer
import Testing
@testable import Web

/// What the root router answers for targets no resource owns: `*`, and malformed percent-encoding.
@Suite("app router: request targets")
struct RequestTargetTests {
    func request(_ method: HTTPMethod, path: String, query: String? = nil, language: String = "en") -> HTTPRequest {
        var request = HTTPRequest(
            method: method, target: path + (query.map { "?" + $0 } ?? ""), path: path, query: query, version: .http1_1,
            headers: ["Host": "t", "Accept-Language": language, "Authorization": "Bearer \(goodToken)"], body: [])
        request.requestID = "r1"
        return request
    }

    @Test("OPTIONS * describes the server: 204 with every implemented method in Allow")
    func optionsAsterisk() {
        let response = makeRouter().respond(to: request(.options, path: "*"))
        #expect(response.status.code == 204)
        #expect(response.headers["Allow"] == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
        #expect(response.body.isEmpty)
    }

    @Test("malformed percent-encoding in the path is a 400 problem, not a 404", arguments: ["/%zz", "/health%", "/v1/contacts/%4", "/%g0"])
    func malformedPath(path: String) {
        let response = makeRouter().respond(to: request(.get, path: path))
        #expect(response.status.code == 400)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains(#""code":"invalid_percent_encoding""#))
        #expect(body.contains("path"))
    }

    @Test("malformed percent-encoding in the query is a 400 problem, even where no parameter is read", arguments: ["a=%", "a=%zz", "%=1", "q=ok&b=%f"])
    func malformedQuery(query: String) {
        for path in ["/health", "/v1/contacts"] {
            let response = makeRouter().respond(to: request(.get, path: path, query: query))
            #expect(response.status.code == 400, "\(path)?\(query)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("query string"))
        }
    }

    @Test("the percent-encoding problem speaks the client's language")
    func localized() {
        let response = makeRouter().respond(to: request(.get, path: "/health", query: "a=%", language: "fr"))
        #expect(String(decoding: response.body, as: UTF8.self).contains("chaîne de requête"))
    }

    @Test("well-formed percent-encoding still routes", arguments: [("/health", "a=%41%2f+b"), ("/he%61lth", nil)] as [(String, String?)])
    func wellFormed(path: String, query: String?) {
        #expect(makeRouter().respond(to: request(.get, path: path, query: query)).status.code == 200)
    }

    @Test("metrics label only implemented methods")
    func metricsMethodLabel() {
        let metrics = MetricsRegistry()
        _ = makeRouter(metrics: metrics).respond(to: request("FOO", path: "/health"))
        let text = metrics.render()
        #expect(text.contains(#"method="other""#))
        #expect(!text.contains(#"method="FOO""#))
    }
}
