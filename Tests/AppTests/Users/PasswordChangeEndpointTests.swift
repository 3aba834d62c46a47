import App
import Domain
import Foundation
import TestSupport
import Testing

@Suite("POST /v1/me/password")
struct PasswordChangeEndpointTests {
    func change(_ app: TestApplication, with token: String, current: String, new: String) throws -> TestClient.Response {
        try app.request("POST", "/v1/me/password", json: #"{"currentPassword":"\#(current)","newPassword":"\#(new)"}"#, auth: .bearer(token))
    }

    @Test("a change keeps the caller's session, ends every other one at once, and the new password is the one that signs in")
    func endsOtherSessions() throws {
        let app = try TestApplication()
        let here = try app.login()
        let elsewhere = try app.login()
        #expect(try change(app, with: here.access, current: "correct horse battery", new: "a brand new passphrase").status == 204)
        #expect(try app.status(of: here.access) == 200)
        #expect(try app.refreshed(here.refresh).access.isEmpty == false)
        #expect(try app.status(of: elsewhere.access) == 401)
        #expect(try app.refresh(elsewhere.refresh).status == 401)
        #expect(try app.status(of: app.token) == 401)
        let old = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(old.status == 401)
        _ = try app.login(password: "a brand new passphrase")
    }

    @Test("a change tells the owner: a user.password_changed event and a mail in the caller's language to the verified address, none to an unverified one")
    func tellsTheOwner() throws {
        let app = try TestApplication()
        let tokens = try app.login()
        let french = try app.request(
            "POST", "/v1/me/password", json: #"{"currentPassword":"correct horse battery","newPassword":"a brand new passphrase"}"#,
            headers: ["Accept-Language": "fr"], auth: .bearer(tokens.access))
        #expect(french.status == 204)
        let mail = try app.application.storage.gateway.outbox.recentMail(limit: 100).filter { $0.request.kind == .passwordChanged }
        #expect(mail.map(\.request.recipient) == ["owner@example.com"] && mail.first?.request.language == "fr" && mail.first?.request.secret == nil)

        let unverified = try app.register(email: "fresh@example.com", verified: false)
        let change = try app.request(
            "POST", "/v1/me/password", json: #"{"currentPassword":"correct horse battery","newPassword":"a brand new passphrase"}"#,
            auth: .bearer(unverified))
        #expect(change.status == 204)
        let after = try app.application.storage.gateway.outbox.recentMail(limit: 100).filter { $0.request.kind == .passwordChanged }
        #expect(after.count == 1)
    }

    @Test("a wrong current password is a 422 at /currentPassword that changes nothing and counts as a failed login")
    func wrongCurrentPassword() throws {
        let app = try TestApplication()
        let tokens = try app.login()
        let other = try app.login()
        let wrong = try change(app, with: tokens.access, current: "not my password", new: "a brand new passphrase")
        #expect(wrong.status == 422)
        #expect(wrong.text.contains(#""code":"wrong_password","detail":"Current password is incorrect","pointer":"/currentPassword""#), "\(wrong.text)")
        #expect(try app.status(of: other.access) == 200)
        #expect(try app.status(of: tokens.access) == 200)
        for _ in 0..<4 { _ = try change(app, with: tokens.access, current: "not my password", new: "a brand new passphrase") }
        let throttled = try change(app, with: tokens.access, current: "correct horse battery", new: "a brand new passphrase")
        #expect(throttled.status == 429)
        #expect(throttled.header("Retry-After") != nil)
        let login = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(login.status == 429)
    }

    @Test("the new password follows registration's rules; fields missing or of the wrong type are refused before any check")
    func rules() throws {
        let app = try TestApplication()
        let tokens = try app.login()
        let weak = try change(app, with: tokens.access, current: "correct horse battery", new: "short")
        #expect(weak.status == 422)
        #expect(weak.text.contains(#""code":"weak_password","detail":"Password must have at least 10 characters","pointer":"/newPassword""#))
        let missing = try app.request("POST", "/v1/me/password", json: "{}", auth: .bearer(tokens.access))
        #expect(missing.status == 422)
        #expect(missing.text.contains("/currentPassword") && missing.text.contains("/newPassword"))
        let wrongType = try app.request("POST", "/v1/me/password", json: #"{"currentPassword":1,"newPassword":"a brand new passphrase"}"#, auth: .bearer(tokens.access))
        #expect(wrongType.status == 400)
        #expect(try app.request("POST", "/v1/me/password", json: "{}", auth: .none).status == 401)
        _ = try app.login()
    }
}
