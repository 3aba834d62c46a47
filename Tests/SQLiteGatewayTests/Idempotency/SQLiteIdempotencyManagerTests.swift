import Domain
import Foundation
import Testing
@testable import SQLiteGateway

@Suite("SQLiteIdempotencyManager")
struct SQLiteIdempotencyManagerTests {
    private let alice = UserID("u_alice")
    private let key = IdempotencyKey("key-1")!
    private let start = Date(timeIntervalSince1970: 1_795_000_000)
    /// Headers in a set order with a repeated name, and a body with bytes that are not UTF-8.
    private let response = StoredResponse(
        status: 201, headers: [("Content-Type", "application/json"), ("Location", "/v1/orders/o_1"), ("Vary", "A"), ("Vary", "B")],
        body: [0x7B, 0x00, 0xFF, 0xFE, 0x7D])

    @Test("reserve, complete, then the same request replays the stored response byte for byte")
    func replay() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start) == .reserved)
        #expect(try records.complete(owner: alice, key: key, response: response))
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(5)) == .replay(response))
    }

    @Test("the same key with another fingerprint is reused, completed or not yet")
    func reused() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .inFlight)
        try records.complete(owner: alice, key: key, response: response)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .keyReused)
    }

    @Test("a key still in flight answers in flight; after 60 s it is taken over as abandoned")
    func inFlight() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(59)) == .inFlight)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(60)) == .reserved)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(61)) == .inFlight)
    }

    @Test("a released key can be reserved again, even with another body; a completed one is never released")
    func release() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        try records.release(owner: alice, key: key)
        #expect(try records.complete(owner: alice, key: key, response: response) == false)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .reserved)
        try records.complete(owner: alice, key: key, response: response)
        try records.release(owner: alice, key: key)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .replay(response))
    }

    @Test("keys belong to their owner: one key of two users is two records")
    func perOwner() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: UserID("u_bob"), key: key, fingerprint: "f2", now: start) == .reserved)
    }

    @Test("purge deletes records reserved before the cut-off; expired ones are not replayed even before a purge")
    func purgeAndExpiry() throws {
        let temporary = try TemporaryDatabase()
        let records = SQLiteIdempotencyManager(database: temporary.database)
        let old = IdempotencyKey("old")!
        _ = try records.reserve(owner: alice, key: old, fingerprint: "f1", now: start)
        try records.complete(owner: alice, key: old, response: response)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(3600))

        let dayLater = start.addingTimeInterval(86_400)
        #expect(try records.reserve(owner: alice, key: old, fingerprint: "f9", now: dayLater) == .reserved)
        try records.release(owner: alice, key: old)
        _ = try records.reserve(owner: alice, key: old, fingerprint: "f1", now: start)
        try records.complete(owner: alice, key: old, response: response)

        #expect(try records.purge(olderThan: start.addingTimeInterval(1)) == 1)
        #expect(try temporary.count("idempotency_records") == 1)
        #expect(try records.reserve(owner: alice, key: old, fingerprint: "f2", now: start.addingTimeInterval(2)) == .reserved)
    }

    @Test("twenty concurrent reserves of one key on real threads give exactly one reservation")
    func concurrentReserves() throws {
        let records = SQLiteIdempotencyManager(database: try TemporaryDatabase().database)
        let outcomes = Locked<[IdempotencyReservation]>([])
        let failures = Locked<[String]>([])
        let key = self.key
        let owner = alice
        let now = start
        Threads.run(count: 20) { _ in
            do {
                let outcome = try records.reserve(owner: owner, key: key, fingerprint: "f1", now: now)
                outcomes.withValue { $0.append(outcome) }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(outcomes.current.count == 20)
        #expect(outcomes.current.filter { $0 == .reserved }.count == 1)
        #expect(outcomes.current.filter { $0 == .inFlight }.count == 19)
    }
}
