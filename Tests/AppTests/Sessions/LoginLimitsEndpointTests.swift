import App
import Domain
import Foundation
import Synchronization
import TestSupport
import Testing
import Web

/// The login limits end to end behind a trusted proxy, on both stores: a stranger's failures
/// hold back the stranger, never the owner at another address; an IPv6 client is one client per
/// /64; the email's pauses grow and stop at their cap.
@Suite("login limits, end to end")
struct LoginLimitsEndpointTests {
    static let wrong = #"{"email":"owner@example.com","password":"wrong password"}"#
    static let right = #"{"email":"owner@example.com","password":"correct horse battery"}"#

    /// An application trusting 127.0.0.1 for X-Forwarded-For, so each request says its client.
    static func app(_ store: TestStore, clock: any Clock = SystemClock()) throws -> TestApplication {
        let proxies = try TrustedProxies(ranges: ["127.0.0.0/8"])
        return try TestApplication.on(store, clock: clock) { $0.trustedProxies = proxies }
    }

    /// `POST /v1/sessions` with `json`, forwarded for `address`.
    static func login(_ app: TestApplication, _ json: String, from address: String) throws -> TestClient.Response {
        try app.request("POST", "/v1/sessions", json: json, headers: ["X-Forwarded-For": address], auth: .none)
    }

    @Test("five wrong passwords from one address hold back that address only: the owner signs in from another", arguments: TestStore.allCases)
    func strangerCannotLockOutOwner(store: TestStore) throws {
        let app = try Self.app(store)
        for _ in 0..<5 { #expect(try Self.login(app, Self.wrong, from: "203.0.113.9").status == 401) }
        let refused = try Self.login(app, Self.right, from: "203.0.113.9")
        #expect(refused.status == 429)
        #expect(TestApplication.object(refused)["code"] as? String == "rate_limited")
        #expect(refused.header("Retry-After").flatMap(Int.init).map { (1...900).contains($0) } == true)
        #expect(try Self.login(app, Self.right, from: "198.51.100.1").status == 201)
    }

    @Test("1,000 parallel guesses from 1,000 IPv6 addresses of one /64 get no more checks than one address", arguments: TestStore.allCases)
    func ipv6NetworkIsOneClient(store: TestStore) throws {
        let app = try Self.app(store)
        let statuses = Mutex<[Int]>([])
        // The application only hands out fresh connections; it is safe to share across threads.
        nonisolated(unsafe) let shared = app
        // 200 at a time, five rounds each: every address of the burst differs.
        Threads.run(count: 200) { thread in
            for round in 0..<5 {
                let index = thread * 5 + round
                let address = "2001:db8:7:8:\(String(index, radix: 16)):\(String(index * 31, radix: 16))::1"
                let status = (try? Self.login(shared, Self.wrong, from: address).status) ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        let all = statuses.withLock { $0 }
        // A 503 was shed before its password was hashed: not a check either.
        #expect(all.allSatisfy { [401, 429, 503].contains($0) }, "\(all.filter { ![401, 429, 503].contains($0) })")
        #expect(all.filter { $0 == 401 }.count <= 5, "5 failures per client and window; \(all.filter { $0 == 401 }.count) passwords were checked")
        #expect(all.count == 1_000)
        #expect(try Self.login(app, Self.right, from: "2001:db8:7:8:ffff::9").status == 429, "another address of the same /64 is the same client")
        #expect(try Self.login(app, Self.right, from: "2001:db8:7:9::9").status == 201, "the next /64 is another client: the owner")
    }

    @Test("past 10 failures for an email, a failing client waits 2, 4, 8 … s, at most 60; a fresh client does not", arguments: TestStore.allCases)
    func growingPause(store: TestStore) throws {
        let clock = MovableClock()
        let app = try Self.app(store, clock: clock)
        // Ten failures for the email: five from one client, four from another, one from a third.
        for (address, count) in [("192.0.2.1", 5), ("192.0.2.2", 4), ("192.0.2.4", 1)] {
            for _ in 0..<count { #expect(try Self.login(app, Self.wrong, from: address).status == 401) }
        }
        /// The pause `address` is told to wait now, after which its wrong password is checked.
        func pause(_ address: String) throws -> Int {
            let refused = try Self.login(app, Self.wrong, from: address)
            #expect(refused.status == 429)
            let wait = try #require(refused.header("Retry-After").flatMap(Int.init))
            clock.advance(by: Double(wait))
            #expect(try Self.login(app, Self.wrong, from: address).status == 401)
            return wait
        }
        // A new client is checked at once, then paced like the others.
        #expect(try Self.login(app, Self.wrong, from: "192.0.2.3").status == 401)
        let waits = try (0..<4).map { _ in try pause("192.0.2.3") } + (0..<3).map { _ in try pause("192.0.2.4") }
        #expect(waits == [2, 4, 8, 16, 32, 60, 60])
        // The pause holds the right password back too, but only from a client that failed.
        #expect(try Self.login(app, Self.right, from: "192.0.2.4").status == 429)
        #expect(try Self.login(app, Self.right, from: "198.51.100.1").status == 201)
    }
}
