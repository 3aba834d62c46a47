import Foundation
import TestSupport
import Testing

/// Registration, login, logout and /v1/me over a real socket and database.
@Suite("users and sessions API, end to end")
struct AccountsEndpointTests {
    @Test("register answers 202 with the normalized address and what happens next; the user signs in, unverified, and /v1/me shows them")
    func register() throws {
        let app = try TestApplication()
        let response = try app.request("POST", "/v1/users", json: #"{"name":" Lucy ","email":" Lucy@Example.com ","password":"0123456789"}"#, auth: .none)
        #expect(response.status == 202)
        let body = TestApplication.object(response)
        #expect(body["email"] as? String == "lucy@example.com")
        #expect((body["detail"] as? String)?.contains("lucy@example.com") == true)
        #expect(body["token"] == nil && body["user"] == nil)
        let token = try app.signIn(email: "lucy@example.com", password: "0123456789")
        #expect(token.count == 43)
        let me = TestApplication.object(try app.request("GET", "/v1/me", auth: .bearer(token)))
        #expect(me["email"] as? String == "lucy@example.com")
        #expect(me["name"] as? String == "Lucy")
        #expect(me["emailVerified"] as? Bool == false)
        #expect(me["password"] == nil && me["passwordHash"] == nil)
    }

    @Test("registration refuses weak passwords and bad emails (422), junk (400); a held email is not refused (it answers like a free one)")
    func registrationErrors() throws {
        let app = try TestApplication()
        let cases: [(String, Int, String)] = [
            (#"{"name":"X","email":"OWNER@example.com","password":"0123456789"}"#, 202, "owner@example.com"),
            (#"{"name":"X","email":"x@example.com","password":"012345678"}"#, 422, "weak_password"),
            (#"{"name":"X","email":"not an email","password":"0123456789"}"#, 422, "invalid_email"),
            (#"{"name":"","email":"y@example.com","password":"0123456789"}"#, 422, "/name"),
            (#"{"name":"X","email":"y@example.com","password":12345678901}"#, 400, "/password"),
            (#"{"name":"X","email":"y@example.com","password":"\#(String(repeating: "p", count: 1025))"}"#, 400, "too_long"),
            (#"["not","an","object"]"#, 400, "invalid_type"),
        ]
        for (json, status, mention) in cases {
            let response = try app.request("POST", "/v1/users", json: json, auth: .none)
            #expect(response.status == status, "\(json)")
            #expect(response.text.contains(mention), "\(response.text)")
        }
    }

    @Test("login gives a new working token; unknown email and wrong password get the same 401")
    func login() throws {
        let app = try TestApplication()
        let ok = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(ok.status == 201)
        let token = try #require(TestApplication.object(ok)["token"] as? String)
        #expect(try app.request("GET", "/v1/me", auth: .bearer(token)).status == 200)
        let wrong = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"wrong password"}"#, auth: .none)
        let unknown = try app.request("POST", "/v1/sessions", json: #"{"email":"nobody@example.com","password":"wrong password"}"#, auth: .none)
        #expect(wrong.status == 401)
        #expect(unknown.status == 401)
        func withoutRequestID(_ text: String) -> String { text.replacingOccurrences(of: #""requestId":"[^"]*""#, with: "", options: .regularExpression) }
        #expect(withoutRequestID(wrong.text) == withoutRequestID(unknown.text))
        #expect(wrong.text.contains("invalid_credentials"))
    }

    @Test("logout makes the token stop working at once; other tokens of the user keep working")
    func logout() throws {
        let app = try TestApplication()
        let second = try #require(TestApplication.object(try app.request(
            "POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none))["token"] as? String)
        #expect(try app.request("DELETE", "/v1/sessions/current", auth: .bearer(second)).status == 204)
        let after = try app.request("GET", "/v1/me", auth: .bearer(second))
        #expect(after.status == 401)
        #expect(after.header("WWW-Authenticate")?.contains("invalid_token") == true)
        #expect(try app.request("GET", "/v1/me").status == 200)
    }

    @Test("missing, junk, wrong-length and unknown tokens are each a 401 with a Bearer challenge")
    func badTokens() throws {
        let app = try TestApplication()
        let attempts: [TestApplication.Auth] = [
            .none, .bearer("junk"), .bearer(String(repeating: "A", count: 42)), .bearer(String(repeating: "A", count: 43)),
        ]
        for auth in attempts {
            let response = try app.request("GET", "/v1/contacts", auth: auth)
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        }
        let lowercase = try app.request("GET", "/v1/me", headers: ["Authorization": "bearer \(app.token)"], auth: .none)
        #expect(lowercase.status == 200)
    }

    @Test("repeated failed logins are throttled with 429 and Retry-After")
    func rateLimit() throws {
        let app = try TestApplication()
        var statuses: [Int] = []
        for _ in 0..<7 {
            statuses.append(try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"wrong password"}"#, auth: .none).status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 401 })
        let limited = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After").flatMap(Int.init).map { $0 > 0 } == true)
        #expect(limited.text.contains("rate_limited"))
    }
}
