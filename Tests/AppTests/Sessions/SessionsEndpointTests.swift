import App
import Domain
import Foundation
import TestSupport
import Testing

/// A login's tokens as the client holds them.
struct LoginTokens {
    var access: String
    var refresh: String
}

extension TestApplication {
    /// Signs in as `email` and returns the tokens; fails the test on any other answer.
    func login(_ email: String = "owner@example.com", password: String = "correct horse battery", userAgent: String? = nil) throws -> LoginTokens {
        let response = try request(
            "POST", "/v1/sessions", json: #"{"email":"\#(email)","password":"\#(password)"}"#, headers: userAgent.map { ["User-Agent": $0] } ?? [:],
            auth: .none)
        try #require(response.status == 201, "\(response.text)")
        let body = Self.object(response)
        return LoginTokens(access: try #require(body["token"] as? String), refresh: try #require(body["refreshToken"] as? String))
    }

    /// `POST /v1/sessions/refresh` with `refresh`.
    func refresh(_ refresh: String) throws -> TestClient.Response {
        try request("POST", "/v1/sessions/refresh", json: #"{"refreshToken":"\#(refresh)"}"#, auth: .none)
    }

    /// Refreshes and returns the new tokens; fails the test on any other answer than 200.
    func refreshed(_ refresh: String) throws -> LoginTokens {
        let response = try self.refresh(refresh)
        try #require(response.status == 200, "\(response.text)")
        let body = Self.object(response)
        return LoginTokens(access: try #require(body["token"] as? String), refresh: try #require(body["refreshToken"] as? String))
    }

    func status(of token: String) throws -> Int { try request("GET", "/v1/me", auth: .bearer(token)).status }
}

@Suite("Sessions endpoints: refresh, timeouts, the list and signing out everywhere")
struct SessionsEndpointTests {
    @Test("login answers both tokens with their expiries, never to be cached")
    func loginAnswersBothTokens() throws {
        let clock = MovableClock(Date(timeIntervalSince1970: 1_795_000_000))
        let app = try TestApplication(clock: clock)
        let response = try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(response.status == 201)
        #expect(response.header("Cache-Control") == "no-store")
        let body = TestApplication.object(response)
        #expect(body["expiresAt"] as? String == "2026-11-18T11:11:40Z")
        #expect(body["refreshExpiresAt"] as? String == "2026-11-18T11:21:40Z")
        let refresh = try #require(body["refreshToken"] as? String)
        #expect(refresh.count == 87 && refresh.split(separator: ".").count == 2)
    }

    @Test("a refresh gives a working pair; the replaced access token stops at once")
    func rotation() throws {
        let app = try TestApplication()
        let first = try app.login()
        #expect(try app.status(of: first.access) == 200)
        let response = try app.refresh(first.refresh)
        #expect(response.status == 200)
        #expect(response.header("Cache-Control") == "no-store")
        let second = try app.refreshed(TestApplication.object(response)["refreshToken"] as? String ?? "")
        #expect(try app.status(of: first.access) == 401)
        #expect(try app.status(of: second.access) == 200)
    }

    @Test("a used refresh token past the grace window revokes the whole session: both its tokens stop")
    func reuseRevokesTheFamily() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        let first = try app.login()
        let second = try app.refreshed(first.refresh)
        clock.advance(by: 31)
        let reuse = try app.refresh(first.refresh)
        #expect(reuse.status == 401)
        #expect(reuse.text.contains("invalid_refresh_token"))
        #expect(reuse.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        #expect(try app.status(of: second.access) == 401)
        #expect(try app.refresh(second.refresh).status == 401)
        // Other sessions of the user are not touched.
        #expect(try app.request("GET", "/v1/me").status == 200)
    }

    @Test("within the grace window a lost answer is recovered: the old token rotates again and the lost pair is retired")
    func graceWindow() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        let first = try app.login()
        let lost = try app.refreshed(first.refresh)
        clock.advance(by: 5)
        let recovered = try app.refreshed(first.refresh)
        #expect(try app.status(of: recovered.access) == 200)
        #expect(try app.status(of: lost.access) == 401)
        // The retired refresh token is a used one now: presenting it ends the session.
        #expect(try app.refresh(lost.refresh).status == 401)
        #expect(try app.status(of: recovered.access) == 401)
    }

    @Test("junk, unknown and missing refresh tokens: 401 for a token that cannot work, 400 for a body without one")
    func badRefreshTokens() throws {
        let app = try TestApplication()
        let real = try app.login()
        let forged = String(real.refresh.split(separator: ".")[0]) + "." + String(repeating: "A", count: 43)
        for token in ["junk", "a.b", String(repeating: "A", count: 43) + "." + String(repeating: "B", count: 43), forged] {
            let response = try app.refresh(token)
            #expect(response.status == 401, "\(token)")
            #expect(response.text.contains("invalid_refresh_token"))
        }
        // A forged secret with a real family half is a reuse: it ends that session (only the
        // family half's holder can make one, and it was given only to this client).
        #expect(try app.status(of: real.access) == 401)
        #expect(try app.request("POST", "/v1/sessions/refresh", json: "{}", auth: .none).status == 400)
        #expect(try app.request("POST", "/v1/sessions/refresh", json: #"{"refreshToken":5}"#, auth: .none).status == 400)
        let long = try app.request("POST", "/v1/sessions/refresh", json: #"{"refreshToken":"\#(String(repeating: "A", count: 201))"}"#, auth: .none)
        #expect(long.status == 400)
    }

    @Test("an access token expires after its lifetime; the refresh token then gets a new one")
    func accessTokenExpires() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        let tokens = try app.login()
        clock.advance(by: 5 * 60 + 1)
        #expect(try app.status(of: tokens.access) == 401)
        let next = try app.refreshed(tokens.refresh)
        #expect(try app.status(of: next.access) == 200)
    }

    @Test("the idle timeout ends a session left unused; requests and refreshes keep it going")
    func idleTimeout() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        var tokens = try app.login()
        // A request 4 minutes in is recorded (the last use was over a minute ago) and moves the
        // idle end to 19 minutes: a refresh at 18 works where 15 minutes would have ended it.
        clock.advance(by: 4 * 60)
        #expect(try app.status(of: tokens.access) == 200)
        clock.advance(by: 14 * 60)
        tokens = try app.refreshed(tokens.refresh)
        clock.advance(by: 14 * 60)
        tokens = try app.refreshed(tokens.refresh)
        // A second past the idle end (stored to the millisecond).
        clock.advance(by: 15 * 60 + 1)
        #expect(try app.refresh(tokens.refresh).status == 401)
    }

    @Test("the absolute timeout ends a session however active it is")
    func absoluteTimeout() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock) { $0.sessionPolicy.absoluteTimeout = 3600 }
        var tokens = try app.login()
        for _ in 0..<4 {
            clock.advance(by: 14 * 60)
            tokens = try app.refreshed(tokens.refresh)
        }
        clock.advance(by: 4 * 60 + 1)
        #expect(try app.refresh(tokens.refresh).status == 401)
        #expect(try app.status(of: tokens.access) == 401)
    }

    @Test("DELETE /v1/sessions/current ends the refresh token too")
    func logoutEndsRefresh() throws {
        let app = try TestApplication()
        let tokens = try app.login()
        #expect(try app.request("DELETE", "/v1/sessions/current", auth: .bearer(tokens.access)).status == 204)
        #expect(try app.refresh(tokens.refresh).status == 401)
    }

    @Test("signing out everywhere ends every session of the user at once, the caller's and older tokens too, and no one else's")
    func signOutEverywhere() throws {
        let app = try TestApplication()
        let first = try app.login()
        let second = try app.login()
        let other = try app.register(email: "other@example.com")
        #expect(try app.request("DELETE", "/v1/sessions", auth: .bearer(first.access)).status == 204)
        for token in [first.access, second.access, app.token] { #expect(try app.status(of: token) == 401) }
        for token in [first.refresh, second.refresh] { #expect(try app.refresh(token).status == 401) }
        #expect(try app.status(of: other) == 200)
        #expect(try app.request("DELETE", "/v1/sessions", auth: .none).status == 401)
    }

    @Test("the list shows the user's active sessions with their use, address and agent, marks the caller's, and never shows another user's")
    func list() throws {
        let clock = MovableClock(Date(timeIntervalSince1970: 1_795_000_000))
        let app = try TestApplication(clock: clock)
        clock.advance(by: 10)
        let phone = try app.login(userAgent: "Phone/1")
        clock.advance(by: 10)
        let laptop = try app.login(userAgent: "Laptop/2")
        let ended = try app.login(userAgent: "Ended/3")
        #expect(try app.request("DELETE", "/v1/sessions/current", auth: .bearer(ended.access)).status == 204)
        _ = try app.register(email: "other@example.com")
        _ = try app.login("other@example.com", userAgent: "Other/4")

        let response = try app.request("GET", "/v1/sessions", headers: ["Accept-Language": "fr"], auth: .bearer(phone.access))
        #expect(response.status == 200)
        let items = try #require(TestApplication.object(response)["items"] as? [[String: Any]])
        #expect(items.map { $0["userAgent"] as? String } == ["Laptop/2", "Phone/1", nil])
        #expect(items.map { $0["current"] as? Bool } == [false, true, false])
        #expect(items[0]["clientAddress"] as? String == "127.0.0.1")
        #expect(items[1]["createdAt"] as? String == "2026-11-18T11:06:50Z")
        #expect(items[1]["lastUsedAtFormatted"] as? String == "18 nov. 2026 à 11:06 UTC")
        // The owner's first sign-in (the test application's, with no User-Agent): its agent is
        // null, not absent; its address is recorded.
        #expect(items[2]["userAgent"] is NSNull && items[2]["clientAddress"] as? String == "127.0.0.1")
        #expect(laptop.access != phone.access)
    }
}
