import App
import Foundation
import TestSupport
import Testing
import Web

/// The response policies over a real socket and a real database: 304, no-store, language
/// fields, CORS.
@Suite("HTTP niceties, end to end")
struct HTTPPoliciesEndpointTests {
    static let origin = "https://app.example.com"

    @Test("GET and HEAD with the contact's current ETag are 304 with no body; after a change the old tag gets 200")
    func notModified() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Charlie"}"#)
        let id = try #require(TestApplication.object(created)["id"] as? String)
        let etag = try #require(created.header("ETag"))
        for method in ["GET", "HEAD"] {
            let cached = try app.request(method, "/v1/contacts/\(id)", headers: ["If-None-Match": etag])
            #expect(cached.status == 304, "\(method)")
            #expect(cached.body.isEmpty)
            #expect(cached.header("ETag") == etag)
            #expect(cached.header("Content-Length") == nil)
            #expect(cached.header("Content-Type") == nil)
            #expect(cached.header("Vary") == "Accept-Language")
        }
        // The connection survives a 304 (no body to skip): keep-alive requests still line up.
        let client = try TestClient(port: app.port)
        let head = "GET /v1/contacts/\(id) HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(app.token)\r\nIf-None-Match: \(etag)\r\n\r\n"
        try client.send(Array((head + head).utf8))
        #expect(try client.expectResponse().status == 304)
        #expect(try client.expectResponse().status == 304)

        let patched = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"lastName":"Brown"}"#, headers: ["If-Match": etag, "If-None-Match": etag])
        #expect(patched.status == 200)
        let stale = try app.request("GET", "/v1/contacts/\(id)", headers: ["If-None-Match": etag])
        #expect(stale.status == 200)
        #expect(stale.header("ETag") == patched.header("ETag"))
        #expect(TestApplication.object(stale)["lastName"] as? String == "Brown")
    }

    @Test("an order and a transfer draft answer 304 to their current ETag, as openapi.json declares")
    func notModifiedOrderAndDraft() throws {
        let app = try TestApplication()
        let order = try app.request("POST", "/v1/orders", json: OrdersEndpointTests.body())
        let orderID = try #require(TestApplication.object(order)["id"] as? String)
        let account = try #require(try app.firstAccount()["id"] as? String)
        let draft = try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(account)"}"#)
        let draftID = try #require(TestApplication.object(draft)["id"] as? String)
        for (path, created) in [("/v1/orders/\(orderID)", order), ("/v1/transfer-drafts/\(draftID)", draft)] {
            let etag = try #require(created.header("ETag"), "\(path)")
            let cached = try app.request("GET", path, headers: ["If-None-Match": etag])
            #expect(cached.status == 304, "\(path)")
            #expect(cached.body.isEmpty && cached.header("ETag") == etag, "\(path)")
            #expect(try app.request("GET", path, headers: ["If-None-Match": #""other""#]).status == 200, "\(path)")
        }
    }

    @Test("TRACE and QUERY, known to HTTP but allowed by no resource, are 405 with Allow; an unknown method is 501")
    func unsupportedMethods() throws {
        let app = try TestApplication()
        for method in ["TRACE", "QUERY"] {
            let refused = try app.request(method, "/v1/contacts")
            #expect(refused.status == 405, "\(method)")
            #expect(refused.header("Allow")?.contains("GET") == true, "\(method)")
        }
        #expect(try app.request("FOO", "/v1/contacts").status == 501)
    }

    @Test("registration, login and every answer to a request with credentials carry Cache-Control: no-store; anonymous answers do not")
    func noStore() throws {
        let app = try TestApplication()
        let registered = try app.request(
            "POST", "/v1/users", json: #"{"name":"Lucy","email":"lucy@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(registered.status == 202)
        #expect(registered.header("Cache-Control") == "no-store")
        let login = try app.request("POST", "/v1/sessions", json: #"{"email":"lucy@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(login.status == 201)
        #expect(login.header("Cache-Control") == "no-store")
        #expect(try app.request("GET", "/v1/me").header("Cache-Control") == "no-store")
        #expect(try app.request("GET", "/v1/contacts/c_unknown").header("Cache-Control") == "no-store", "a problem too")
        let health = try app.request("GET", "/health", auth: .none)
        #expect(health.header("Cache-Control") == nil)
        #expect(health.header("X-Content-Type-Options") == "nosniff")
    }

    @Test("localized answers carry Content-Language and Vary: Accept-Language")
    func contentLanguage() throws {
        let app = try TestApplication()
        let french = try app.request("GET", "/v1/contacts", headers: ["Accept-Language": "fr-CA,fr;q=0.9"])
        #expect(french.header("Content-Language") == "fr")
        #expect(french.header("Vary") == "Accept-Language")
        let problem = try app.request("POST", "/v1/contacts", json: "{}", headers: ["Accept-Language": "fr"])
        #expect(problem.status == 422)
        #expect(problem.header("Content-Language") == "fr")
        #expect(try app.request("GET", "/v1/me").header("Content-Language") == "en")
        #expect(try app.request("GET", "/health", headers: ["Accept-Language": "fr"]).header("Content-Language") == nil)
    }

    @Test("with --cors-origin, a browser's preflight and then its request get the CORS fields")
    func cors() throws {
        let policy = try CORSPolicy(origins: [Self.origin])
        let app = try TestApplication { $0.cors = policy }
        let preflight = try app.request(
            "OPTIONS", "/v1/contacts",
            headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"],
            auth: .none)
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(preflight.header("Access-Control-Allow-Methods") == "GET, POST, HEAD, OPTIONS")
        #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Authorization") == true)
        #expect(preflight.header("Access-Control-Max-Age") == "600")

        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Charlie"}"#, headers: ["Origin": Self.origin])
        #expect(created.status == 201)
        #expect(created.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(created.header("Access-Control-Expose-Headers") == "Location, ETag, X-Request-ID, Retry-After, Idempotent-Replayed")
        #expect(created.header("Vary") == "Accept-Language, Origin")

        let stranger = try app.request("GET", "/v1/contacts", headers: ["Origin": "https://evil.example.com"])
        #expect(stranger.status == 200)
        #expect(stranger.header("Access-Control-Allow-Origin") == nil)
        #expect(stranger.header("Vary") == "Accept-Language, Origin")
    }

    @Test("without --cors-origin no CORS field is ever sent")
    func corsOff() throws {
        let app = try TestApplication()
        let preflight = try app.request(
            "OPTIONS", "/v1/contacts", headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"], auth: .none)
        #expect(preflight.status == 204)
        #expect(!preflight.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
        let request = try app.request("GET", "/v1/contacts", headers: ["Origin": Self.origin])
        #expect(!request.headers.contains { $0.0.lowercased().hasPrefix("access-control-") })
    }
}
