import App
import Foundation
import Synchronization
import TestSupport
import Testing
import Web

/// `--trusted-proxy` end to end: whose failed logins are throttled, behind a proxy and without one.
@Suite("trusted proxy and login throttling")
struct TrustedProxyEndpointTests {
    /// 20 failed logins (the per-address limit), each for another email so the per-email limit
    /// stays out of the way, all forwarded for `address`.
    static func failLogins(_ app: TestApplication, forwardedFor address: String) throws {
        for index in 0..<20 {
            let status = try app.request(
                "POST", "/v1/sessions", json: #"{"email":"nobody\#(index)@example.com","password":"wrong password"}"#,
                headers: ["X-Forwarded-For": address], auth: .none
            ).status
            #expect(status == 401)
        }
    }

    static func login(_ app: TestApplication, forwardedFor address: String) throws -> Int {
        try app.request(
            "POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#,
            headers: ["X-Forwarded-For": address], auth: .none
        ).status
    }

    @Test("behind a trusted proxy, one client's failures lock out that client only")
    func trusted() throws {
        let proxies = try TrustedProxies(ranges: ["127.0.0.0/8"])
        let app = try TestApplication { $0.trustedProxies = proxies }
        try Self.failLogins(app, forwardedFor: "203.0.113.9")
        #expect(try Self.login(app, forwardedFor: "203.0.113.9") == 429)
        #expect(try Self.login(app, forwardedFor: "198.51.100.1") == 201)
        // A forged left part does not escape: the proxy's own entry is the right-most.
        #expect(try Self.login(app, forwardedFor: "198.51.100.1, 203.0.113.9") == 429)
    }

    @Test("an IPv6 client is one client per /64: a burst of guesses from 200 of its addresses gets no more checks than one address")
    func ipv6PerNetwork() throws {
        let proxies = try TrustedProxies(ranges: ["127.0.0.0/8"])
        let app = try TestApplication { $0.trustedProxies = proxies }
        let statuses = Mutex<[Int]>([])
        // The application only hands out fresh connections; it is safe to share across threads.
        nonisolated(unsafe) let shared = app
        Threads.run(count: 200) { index in
            let address = "2001:db8:5:6:\(String(index, radix: 16)):\(String(index * 31, radix: 16))::1"
            let status = (try? shared.request(
                "POST", "/v1/sessions", json: #"{"email":"guess\#(index)@example.com","password":"wrong password"}"#,
                headers: ["X-Forwarded-For": address], auth: .none
            ).status) ?? 0
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        let checked = all.filter { $0 == 401 }.count
        // A 503 was shed before its password was hashed (the hashing queue was full under the
        // whole test run's load): not a check either.
        #expect(all.allSatisfy { [401, 429, 503].contains($0) }, "\(all.filter { ![401, 429, 503].contains($0) })")
        #expect(checked <= 20, "20 failures per client address and window; \(checked) passwords were checked")
        #expect(all.count == 200)
        #expect(try Self.login(app, forwardedFor: "2001:db8:5:6:ffff::9") == 429, "another address of the same /64 is the same client")
        #expect(try Self.login(app, forwardedFor: "2001:db8:5:7::9") == 201, "the next /64 is another client")
    }

    @Test("without a trusted proxy, X-Forwarded-For is ignored: the peer's failures lock out everyone behind it")
    func untrusted() throws {
        let app = try TestApplication()
        try Self.failLogins(app, forwardedFor: "203.0.113.9")
        #expect(try Self.login(app, forwardedFor: "198.51.100.1") == 429)
    }

    @Test("the access log names the forwarded client when the proxy is trusted, and the peer when it is not")
    func accessLog() throws {
        for (arguments, expected) in [(["--trusted-proxy", "127.0.0.1"], "203.0.113.9"), ([], "127.0.0.1")] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-proxy-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let server = try ViperdProcess(["--db", folder.appendingPathComponent("db.sqlite").path, "--log-format", "json"] + arguments)
            let client = try TestClient(port: server.port)
            try client.send("GET /health HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
            #expect(try client.expectResponse().status == 200)
            #expect(server.stop() == 0)
            let access = server.log.split(separator: "\n").first { $0.contains(#""path":"/health""#) } ?? ""
            #expect(access.contains(#""remote":"\#(expected)""#), "\(arguments): \(access)")
        }
    }
}
