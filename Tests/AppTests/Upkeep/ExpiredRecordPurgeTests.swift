import App
import Domain
import Foundation
import Logging
import TestSupport
import Testing
import Web

/// The periodic purge on the composed application, once per store, read back through `/metrics`.
@Suite("expired record purge, end to end")
struct ExpiredRecordPurgeTests {
    func purged(_ app: TestApplication) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in try app.metrics().text.split(separator: "\n") where line.hasPrefix("viperd_purged_total{kind=\"") {
            let parts = line.dropFirst("viperd_purged_total{kind=\"".count).split(separator: "\"")
            counts[String(parts[0])] = Int(parts[1].split(separator: " ").last ?? "")
        }
        return counts
    }

    @Test(
        "expired sessions, drafts and idempotency records are deleted by the purge and counted in /metrics; live ones are kept",
        arguments: ["sqlite", "postgres"])
    func purgesAndCounts(store: String) throws {
        let clock = MovableClock()
        let url = store == "postgres" ? try TestPostgresDatabase.create() : nil
        let app = try TestApplication(clock: clock) { configuration in
            // One session that lives 30 days, as the purge's expiry below is written against.
            configuration.sessionPolicy = .lasting(days: 30)
            if let url { configuration.databaseURL = url }
        }
        let gateway = app.application.storage.gateway
        let account = try #require(try app.firstAccount()["id"] as? String)
        #expect(try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(account)"}"#).status == 201)
        let owner = try #require(try gateway.users.fetch(email: "owner@example.com")).id
        _ = try gateway.idempotency.reserve(owner: owner, key: IdempotencyKey("k1")!, fingerprint: "f", now: clock.now())

        // Nothing has expired yet: every kind is counted from 0, and nothing goes.
        let first = app.application.expiredRecordPurge.run()
        #expect(Set(first.keys) == Set(ExpiredRecordPurge.Kind.allCases) && first.values.allSatisfy { $0 == 0 }, "\(first)")
        #expect(try purged(app) == Dictionary(uniqueKeysWithValues: ExpiredRecordPurge.Kind.allCases.map { ($0.rawValue, 0) }))
        #expect(try app.request("GET", "/v1/me").status == 200)

        // Past the draft's day and the record's retention, not the 30-day token.
        clock.advance(by: 86_400 + 1)
        #expect(app.application.expiredRecordPurge.run().filter { $0.value > 0 } == [.transferDrafts: 1, .idempotencyRecords: 1])
        #expect(try app.request("GET", "/v1/me").status == 200)

        clock.advance(by: 30 * 86_400)
        // The session, and the owner's two events (registered, verified) past the outbox's 30 days.
        #expect(app.application.expiredRecordPurge.run().filter { $0.value > 0 } == [.sessions: 1, .events: 2])
        #expect(try purged(app).filter { $0.value > 0 } == ["idempotency_records": 1, "sessions": 1, "transfer_drafts": 1, "events": 2])
        #expect(try app.request("GET", "/v1/me").status == 401)
    }

    @Test("a pass deletes a backlog larger than one batch, batch after batch")
    func batches() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        let gateway = app.application.storage.gateway
        let owner = try #require(try gateway.users.fetch(email: "owner@example.com")).id
        for index in 0..<7 {
            try gateway.sessions.insert(Session(tokenDigest: "old-\(index)", userID: owner, createdAt: clock.now(), expiresAt: clock.now()))
        }
        let purge = ExpiredRecordPurge(gateway: gateway, clock: clock, metrics: app.application.metrics, logger: .init(label: "test"), batchSize: 3)
        #expect(purge.run()[.sessions] == 7)
        #expect(try purged(app)["sessions"] == 7)
    }

    @Test("started, the purge runs by itself on its timer")
    func timer() async throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        let gateway = app.application.storage.gateway
        let owner = try #require(try gateway.users.fetch(email: "owner@example.com")).id
        try gateway.sessions.insert(Session(tokenDigest: "old", userID: owner, createdAt: clock.now(), expiresAt: clock.now()))
        let purge = ExpiredRecordPurge(gateway: gateway, clock: clock, metrics: app.application.metrics, logger: .init(label: "test"))
        purge.start(interval: .milliseconds(50), delay: .zero)
        defer { purge.stop() }
        for _ in 0..<100 where try gateway.sessions.fetch(tokenDigest: "old") != nil {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try gateway.sessions.fetch(tokenDigest: "old") == nil)
    }
}
