import HTTPServer
import Testing
@testable import Web

/// `/` and `/app/…` as the router answers them: the client's files with their headers, and
/// nothing outside the folder whatever the path says.
@Suite("web app responder")
struct WebAppResponderTests {
    func request(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = ["Host": "t"]) -> HTTPRequest {
        var request = HTTPRequest(method: method, target: path, path: path, query: nil, version: .http1_1, headers: headers, body: [])
        request.requestID = "r1"
        return request
    }

    @Test("GET / redirects to /app/")
    func rootRedirects() {
        let response = makeRouter(webApp: true).respond(to: request(.get, "/"))
        #expect(response.status.code == 302)
        #expect(response.headers["Location"] == "/app/")
    }

    @Test("GET /app/ is index.html as HTML, with the security fields")
    func index() {
        let response = makeRouter(webApp: true).respond(to: request(.get, "/app/"))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Cache-Control"] == "no-cache")
        let policy = response.headers["Content-Security-Policy"] ?? ""
        #expect(policy.contains("script-src 'self';"))
        #expect(policy.contains("default-src 'self'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(String(decoding: response.body, as: UTF8.self).contains("<html"))
        #expect(response.headers["Content-Language"] == nil, "the files are the same in every language")
    }

    @Test("each kind of file gets its media type", arguments: [
        ("/app/app.css", "text/css; charset=utf-8"), ("/app/api.js", "text/javascript; charset=utf-8"),
        ("/app/contacts/contacts.js", "text/javascript; charset=utf-8"), ("/app/index.html", "text/html; charset=utf-8"),
    ])
    func contentTypes(path: String, type: String) {
        let response = makeRouter(webApp: true).respond(to: request(.get, path))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == type)
    }

    @Test("a file's ETag gives 304 with no body; HEAD answers the fields")
    func conditionalAndHead() throws {
        let router = makeRouter(webApp: true)
        let first = router.respond(to: request(.get, "/app/api.js"))
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        let again = router.respond(to: request(.get, "/app/api.js", headers: ["Host": "t", "If-None-Match": etag]))
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        let head = router.respond(to: request(.head, "/app/api.js"))
        #expect(head.status == .ok)
        #expect(head.headers["ETag"] == etag)
        #expect(head.headers["Content-Type"] == "text/javascript; charset=utf-8")
    }

    @Test("no path leaves the folder: dots, encoded dots, NUL, backslashes and hidden names are 404s", arguments: [
        "/app/../Package.swift", "/app/..", "/app/%2e%2e/Package.swift", "/app/%2E%2E/", "/app/.%2e/x", "/app/contacts/../api.js",
        "/app/./api.js", "/app/api.js%00", "/app/api.js%00.html", "/app/\u{0}", "/app/..\\Package.swift", "/app/contacts\\contacts.js",
        "/app/%5c..%5cPackage.swift", "/app//api.js", "/app/.git/config", "/app/WebClientFiles.swift", "/app/nope.js",
        "/app/%61pi.js",
    ])
    func traversalRefused(path: String) {
        let response = makeRouter(webApp: true).respond(to: request(.get, path))
        #expect([400, 404].contains(response.status.code), "\(path) answered \(response.status)")
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test("writing to a file is 405 with Allow")
    func methodNotAllowed() {
        let response = makeRouter(webApp: true).respond(to: request(.post, "/app/api.js"))
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test("with the web app off, / and /app/ are 404 problems", arguments: ["/", "/app/", "/app/api.js"])
    func off(path: String) {
        let response = makeRouter(webApp: false).respond(to: request(.get, path))
        #expect(response.status.code == 404)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test("the API beside it is untouched")
    func apiStillRouted() {
        #expect(makeRouter(webApp: true).respond(to: request(.get, "/health")).status == .ok)
    }
}
