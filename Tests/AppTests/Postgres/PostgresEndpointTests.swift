import App
import Domain
import Foundation
import TestSupport
import Testing

/// The whole application on PostgreSQL (`--database-url`), over real sockets: the same answers
/// as on SQLite, and what several instances on one database share.
@Suite("the application on PostgreSQL, end to end")
struct PostgresEndpointTests {
    static let login = #"{"email":"owner@example.com","password":"correct horse battery"}"#

    @Test("register, login, contacts and a transfer work on PostgreSQL as on SQLite")
    func journey() throws {
        let app = try TestApplication.postgres()
        #expect(app.application.database == nil, "no SQLite database behind a PostgreSQL application")
        #expect(try app.request("GET", "/health/ready", auth: .none).status == 200)

        let login = try app.request("POST", "/v1/sessions", json: Self.login, auth: .none)
        #expect(login.status == 201)
        let token = try #require(TestApplication.object(login)["token"] as? String)
        #expect(try app.request("GET", "/v1/me", auth: .bearer(token)).status == 200)
        #expect(try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"wrong password"}"#, auth: .none).status == 401)
        #expect(try app.register(email: "second@example.com").isEmpty == false)
        let held = try app.request("POST", "/v1/users", json: #"{"name":"Again","email":"owner@example.com","password":"correct horse battery"}"#, auth: .none)
        #expect(held.status == 202)

        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com"}"#)
        #expect(created.status == 201)
        let contactID = try #require(TestApplication.object(created)["id"] as? String)
        let listed = TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["id"] as? String } == [contactID])
        #expect(try app.request("GET", "/v1/contacts", auth: .bearer(try app.register(email: "third@example.com"))).text.contains(contactID) == false)

        let main = try #require(try app.firstAccount()["id"] as? String)
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-pg-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"}]"#.utf8).write(to: feed)
        #expect(try app.importFeed(feed, into: main) == 1)
        let savings = try #require(TestApplication.object(try app.request("POST", "/v1/accounts", json: #"{"name":"Savings","currency":"CAD"}"#))["id"] as? String)
        let beforeTransfer = try app.metrics().text
        let transfer = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"30.00"}"#)
        #expect(transfer.status == 201)
        let overdraw = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"70.01"}"#)
        #expect(overdraw.status == 422)
        #expect(TestApplication.object(overdraw)["code"] as? String == "insufficient_funds")
        func available(_ account: String) throws -> Int? {
            (TestApplication.object(try app.request("GET", "/v1/accounts/\(account)"))["available"] as? [String: Any])?["minor"] as? Int
        }
        #expect(try available(main) == 7_000)
        #expect(try available(savings) == 3_000)
        let metrics = try app.metrics().text
        func value(_ series: String, in metrics: String) -> Int? {
            metrics.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
        }
        #expect((value("viperd_database_queries_total", in: metrics) ?? 0) > 0, "the PostgreSQL pool's calls are counted")
        // The transfer (and the refused one) waited on the server and committed: both counters grew.
        for series in ["viperd_postgres_round_trips_total", "viperd_postgres_commits_total", "viperd_postgres_committed_writes_total"] {
            let grown = (value(series, in: metrics) ?? 0) - (value(series, in: beforeTransfer) ?? .max)
            #expect(grown >= 1, "\(series) grew by \(grown) over a transfer: \(metrics)")
        }
        for series in ["viperd_postgres_retries_total", "viperd_postgres_abandoned_groups_total"] {
            #expect(value(series, in: metrics) != nil, "\(series) absent")
        }
        #expect(!metrics.contains("viperd_sqlite_"), "no SQLite series on PostgreSQL")
    }

    @Test("two instances on one database share the login throttle: failures on either count against the client")
    func sharedThrottle() throws {
        let url = try TestPostgresDatabase.create()
        let first = try TestApplication.postgres(url: url)
        let second = try TestApplication.postgres(url: url, owner: "other@example.com")
        let wrong = #"{"email":"owner@example.com","password":"wrong password"}"#
        for app in [first, first, first, second, second] {
            #expect(try app.request("POST", "/v1/sessions", json: wrong, auth: .none).status == 401)
        }
        // Five failures from one client in all, though neither instance saw five: its right password is refused too.
        let refused = try first.request("POST", "/v1/sessions", json: Self.login, auth: .none)
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") != nil)
    }

    @Test("a token logged out on one instance stops working on the other within about a second")
    func revocationAcrossInstances() throws {
        let url = try TestPostgresDatabase.create()
        let first = try TestApplication.postgres(url: url)
        let second = try TestApplication.postgres(url: url, owner: "other@example.com")
        let token = try #require(TestApplication.object(try first.request("POST", "/v1/sessions", json: Self.login, auth: .none))["token"] as? String)
        #expect(try second.request("GET", "/v1/me", auth: .bearer(token)).status == 200)  // now in the second's cache
        #expect(try first.request("DELETE", "/v1/sessions/current", auth: .bearer(token)).status == 204)
        #expect(try first.request("GET", "/v1/me", auth: .bearer(token)).status == 401)
        // AccessTokenAuthenticator remembers a verified token for at most 1 s.
        let revokedAt = Date()
        var status = 200
        while status == 200, Date().timeIntervalSince(revokedAt) < 3 {
            status = try second.request("GET", "/v1/me", auth: .bearer(token)).status
            if status == 200 { usleep(50_000) }
        }
        #expect(status == 401)
        #expect(Date().timeIntervalSince(revokedAt) < 1.5)
    }

    @Test("sessions rotate across instances: a refresh on one, the reuse of its token on the other ends the session, and signing out everywhere reaches both within about a second")
    func rotationAcrossInstances() throws {
        let url = try TestPostgresDatabase.create()
        let first = try TestApplication.postgres(url: url) { $0.sessionPolicy.refreshReuseGrace = 0.001 }
        let second = try TestApplication.postgres(url: url, owner: "other@example.com") { $0.sessionPolicy.refreshReuseGrace = 0.001 }
        let tokens = try first.login()
        let next = try second.refreshed(tokens.refresh)
        #expect(try first.status(of: next.access) == 200)
        let reuse = try first.refresh(tokens.refresh)
        #expect(reuse.status == 401)
        #expect(reuse.text.contains("invalid_refresh_token"))
        #expect(try second.refresh(next.refresh).status == 401)

        let here = try first.login()
        let there = try first.login()
        #expect(try second.status(of: there.access) == 200)  // now in the second's cache
        #expect(try first.request("DELETE", "/v1/sessions", auth: .bearer(here.access)).status == 204)
        let revokedAt = Date()
        var status = 200
        while status == 200, Date().timeIntervalSince(revokedAt) < 3 {
            status = try second.status(of: there.access)
            if status == 200 { usleep(50_000) }
        }
        #expect(status == 401)
        #expect(Date().timeIntervalSince(revokedAt) < 1.5)
        #expect(try second.status(of: second.token) == 200)
    }
}
