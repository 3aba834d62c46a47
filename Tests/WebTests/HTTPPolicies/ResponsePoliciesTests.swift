import Domain
import DomainTestSupport
import Foundation
import HTTPServer
import Testing
@testable import Web

/// The policies the root router applies to every routed answer: language fields, 304, CORS.
@Suite("response policies")
struct ResponsePoliciesTests {
    static let app = "https://app.example.com"

    func corsRouter(contacts: any ContactManager = UntouchableContactManager()) throws -> AppRouter {
        makeRouter(contacts: contacts, policies: ResponsePolicies(cors: try CORSPolicy(origins: [Self.app, "http://localhost:3000"])))
    }

    func request(_ method: HTTPMethod, _ path: String, _ extra: [(String, String)] = []) -> HTTPRequest {
        var headers: HTTPHeaders = ["Host": "t", "Authorization": "Bearer \(goodToken)"]
        for (name, value) in extra { headers.add(name: name, value: value) }
        var request = HTTPRequest(method: method, target: path, path: path, query: nil, version: .http1_1, headers: headers, body: [])
        request.requestID = "r1"
        return request
    }

    @Test("a contact the client already holds is 304 with its ETag and no body; another tag is 200")
    func notModified() {
        let router = makeRouter(contacts: OneContact())
        let fresh = router.respond(to: request(.get, "/v1/contacts/c_1"))
        #expect(fresh.status.code == 200)
        let etag = fresh.headers["ETag"]
        #expect(etag == #""3""#)
        let cached = router.respond(to: request(.get, "/v1/contacts/c_1", [("If-None-Match", #""2", "3""#)]))
        #expect(cached.status.code == 304)
        #expect(cached.body.isEmpty)
        #expect(cached.headers["ETag"] == etag)
        #expect(cached.headers["Vary"] == "Accept-Language")
        let stale = router.respond(to: request(.get, "/v1/contacts/c_1", [("If-None-Match", #""2""#)]))
        #expect(stale.status.code == 200)
        #expect(stale.body == fresh.body)
    }

    @Test("If-None-Match on a list or a missing contact never gives 304")
    func notOnListsOrProblems() {
        let router = makeRouter(contacts: OneContact())
        #expect(router.respond(to: request(.get, "/v1/contacts", [("If-None-Match", "*")])).status.code == 200)
        #expect(router.respond(to: request(.get, "/v1/contacts/c_2", [("If-None-Match", "*")])).status.code == 404)
    }

    @Test("localized answers name their language and vary on Accept-Language", arguments: [
        ("/nope", "fr", "fr"), ("/v1/contacts/c_1", "fr-CA", "fr"), ("/v1/contacts/c_1", "de", "en"),
    ])
    func contentLanguage(path: String, accept: String, language: String) {
        let response = makeRouter(contacts: OneContact()).respond(to: request(.get, path, [("Accept-Language", accept)]))
        #expect(response.headers["Content-Language"] == language)
        #expect(response.headers["Vary"] == "Accept-Language")
    }

    @Test("an unauthenticated answer is a localized problem too")
    func localizedRefusal() {
        var unauthenticated = request(.get, "/v1/contacts")
        unauthenticated.headers.remove(name: "Authorization")
        let response = makeRouter().respond(to: unauthenticated)
        #expect(response.status.code == 401)
        #expect(response.headers["Content-Language"] == "en")
    }

    @Test("operational answers and bodiless ones carry no language fields", arguments: ["/health", "/openapi.json"])
    func notLocalized(path: String) {
        let response = makeRouter().respond(to: request(.get, path, [("Accept-Language", "fr")]))
        #expect(response.status.code == 200)
        #expect(response.headers["Content-Language"] == nil)
        #expect(response.headers["Vary"] == nil)
        let options = makeRouter().respond(to: request(.options, "/v1/contacts"))
        #expect(options.headers["Content-Language"] == nil)
    }

    @Test("every routed answer says nosniff; an answer to a request with credentials is no-store, one without is left to its scene",
          arguments: ["/health", "/openapi.json", "/v1/contacts", "/v1/contacts/c_1", "/nowhere"])
    func securityFields(path: String) {
        let router = makeRouter(contacts: OneContact())
        let signedIn = router.respond(to: request(.get, path))
        #expect(signedIn.headers.values(for: "X-Content-Type-Options") == ["nosniff"])
        #expect(signedIn.headers.values(for: "Cache-Control") == ["no-store"])
        var anonymous = request(.get, path)
        anonymous.headers.remove(name: "Authorization")
        let answer = router.respond(to: anonymous)
        #expect(answer.headers.values(for: "X-Content-Type-Options") == ["nosniff"])
        #expect(answer.headers["Cache-Control"] == nil)
    }

    @Test("the server's own refusals say nosniff too")
    func refusalsNoSniff() {
        let response = ServerErrorResponder.respond(HTTPRefusal(error: HTTPParseError(.bodyMemoryBusy), requestID: "r1", headers: nil))
        #expect(response.status.code == 503)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Retry-After"] == "1")
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"server_busy""#))
    }

    @Test("CORS is off by default: no CORS fields, no Vary: Origin, even for a preflight")
    func corsOffByDefault() {
        let response = makeRouter().respond(to: request(.options, "/v1/contacts", [("Origin", Self.app), ("Access-Control-Request-Method", "POST")]))
        #expect(response.status.code == 204)
        #expect(!response.headers.contains { $0.name.hasPrefix("Access-Control-") })
        #expect(response.headers["Vary"] == nil)
    }

    @Test("a preflight from an allowed origin gets the path's methods, the allowed fields and a max age", arguments: [
        ("/v1/contacts/c_1", "GET, PATCH, DELETE, HEAD, OPTIONS"), ("/v1/contacts", "GET, POST, HEAD, OPTIONS"),
    ])
    func preflight(path: String, methods: String) throws {
        var preflight = request(.options, path, [("Origin", Self.app), ("Access-Control-Request-Method", "PATCH"),
            ("Access-Control-Request-Headers", "authorization, content-type, if-match")])
        preflight.headers.remove(name: "Authorization")
        let response = try corsRouter().respond(to: preflight)
        #expect(response.status.code == 204)
        #expect(response.body.isEmpty)
        #expect(response.headers["Access-Control-Allow-Origin"] == Self.app)
        #expect(response.headers["Access-Control-Allow-Methods"] == methods)
        let allowed = response.headers["Access-Control-Allow-Headers"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        #expect(Set(["Authorization", "Content-Type", "If-Match", "Idempotency-Key"]).isSubset(of: allowed))
        #expect(response.headers["Access-Control-Max-Age"] == "600")
        #expect(response.headers["Vary"] == "Origin")
        #expect(response.headers["Access-Control-Allow-Credentials"] == nil)
    }

    @Test("an origin that is not allowed gets no CORS fields, only Vary: Origin", arguments: [
        "https://evil.example.com", "https://app.example.com:8443", "http://app.example.com", "null", "https://app.example.com/",
    ])
    func disallowedOrigin(origin: String) throws {
        let router = try corsRouter()
        for response in [
            router.respond(to: request(.options, "/v1/contacts", [("Origin", origin), ("Access-Control-Request-Method", "POST")])),
            router.respond(to: request(.get, "/health", [("Origin", origin)])),
        ] {
            #expect(!response.headers.contains { $0.name.hasPrefix("Access-Control-") })
            #expect(response.headers["Vary"] == "Origin")
        }
    }

    @Test("an actual request from an allowed origin may read Location, ETag, X-Request-ID and Retry-After")
    func actualRequest() throws {
        let response = try corsRouter(contacts: OneContact())
            .respond(to: request(.get, "/v1/contacts/c_1", [("Origin", "http://localhost:3000")]))
        #expect(response.status.code == 200)
        #expect(response.headers["Access-Control-Allow-Origin"] == "http://localhost:3000")
        #expect(response.headers["Access-Control-Expose-Headers"] == "Location, ETag, X-Request-ID, Retry-After, Idempotent-Replayed")
        #expect(response.headers["Access-Control-Allow-Methods"] == nil)
        #expect(response.headers["Vary"] == "Accept-Language, Origin")
    }

    @Test("errors reach the page too: a 401 or 404 for an allowed origin carries the CORS fields")
    func problemsAreReadable() throws {
        let router = try corsRouter()
        var unauthenticated = request(.get, "/v1/contacts", [("Origin", Self.app)])
        unauthenticated.headers.remove(name: "Authorization")
        #expect(router.respond(to: unauthenticated).headers["Access-Control-Allow-Origin"] == Self.app)
        #expect(router.respond(to: request(.get, "/nope", [("Origin", Self.app)])).headers["Access-Control-Allow-Origin"] == Self.app)
    }

    @Test("a 304 keeps the CORS fields")
    func notModifiedWithCORS() throws {
        let response = try corsRouter(contacts: OneContact())
            .respond(to: request(.get, "/v1/contacts/c_1", [("Origin", Self.app), ("If-None-Match", #""3""#)]))
        #expect(response.status.code == 304)
        #expect(response.headers["Access-Control-Allow-Origin"] == Self.app)
        #expect(response.headers["Vary"] == "Accept-Language, Origin")
    }
}
