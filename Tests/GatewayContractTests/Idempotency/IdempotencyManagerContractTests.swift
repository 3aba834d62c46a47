import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("IdempotencyManager contract")
struct IdempotencyManagerContractTests {
    private let alice = UserID("u_alice")
    private let key = IdempotencyKey("key-1")!
    private let start = Date(timeIntervalSince1970: 1_795_000_000)
    /// Headers in a set order with a repeated name, and a body with bytes that are not UTF-8.
    private let response = StoredResponse(
        status: 201, headers: [("Content-Type", "application/json"), ("Location", "/v1/orders/o_1"), ("Vary", "A"), ("Vary", "B")],
        body: [0x7B, 0x00, 0xFF, 0xFE, 0x7D])

    @Test("reserve, complete, then the same request replays the stored response byte for byte", arguments: Backend.allCases)
    func replay(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start) == .reserved)
        #expect(try records.complete(owner: alice, key: key, response: response))
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(5)) == .replay(response))
    }

    @Test("an empty body and no headers replay as empty, not as missing", arguments: Backend.allCases)
    func emptyResponse(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        let empty = StoredResponse(status: 204, headers: [StoredResponse.Header](), body: [])
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.complete(owner: alice, key: key, response: empty))
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start) == .replay(empty))
    }

    @Test("the same key with another fingerprint is reused, completed or not yet", arguments: Backend.allCases)
    func reused(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .inFlight)
        try records.complete(owner: alice, key: key, response: response)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .keyReused)
    }

    @Test("a key still in flight answers in flight; after 60 s it is taken over as abandoned", arguments: Backend.allCases)
    func inFlight(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(59)) == .inFlight)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(60)) == .reserved)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(61)) == .inFlight)
    }

    @Test("a released key can be reserved again, even with another body; a completed one is never released", arguments: Backend.allCases)
    func release(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        try records.release(owner: alice, key: key)
        #expect(try records.complete(owner: alice, key: key, response: response) == false)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .reserved)
        try records.complete(owner: alice, key: key, response: response)
        try records.release(owner: alice, key: key)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f2", now: start) == .replay(response))
    }

    @Test("keys belong to their owner: one key of two users is two records", arguments: Backend.allCases)
    func perOwner(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        #expect(try records.reserve(owner: UserID("u_bob"), key: key, fingerprint: "f2", now: start) == .reserved)
    }

    @Test("purge deletes records reserved before the cut-off; expired ones are not replayed even before a purge", arguments: Backend.allCases)
    func purgeAndExpiry(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        let old = IdempotencyKey("old")!
        _ = try records.reserve(owner: alice, key: old, fingerprint: "f1", now: start)
        try records.complete(owner: alice, key: old, response: response)
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(3600))

        let dayLater = start.addingTimeInterval(86_400)
        #expect(try records.reserve(owner: alice, key: old, fingerprint: "f9", now: dayLater) == .reserved)
        try records.release(owner: alice, key: old)
        _ = try records.reserve(owner: alice, key: old, fingerprint: "f1", now: start)
        try records.complete(owner: alice, key: old, response: response)

        #expect(try records.purge(olderThan: start.addingTimeInterval(1), limit: 100) == 1)
        #expect(try store.rowCount(in: "idempotency_records") == 1)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f1", now: start.addingTimeInterval(3601)) == .inFlight)
        #expect(try records.reserve(owner: alice, key: old, fingerprint: "f2", now: start.addingTimeInterval(2)) == .reserved)
    }

    @Test("purge deletes at most its batch of records past the cut-off, whoever owns them, and keeps the newer ones", arguments: Backend.allCases)
    func purgeInBatches(backend: Backend) throws {
        let store = try backend.makeStore()
        let records = store.gateway.idempotency
        for (index, owner) in [alice, UserID("u_bob"), alice].enumerated() {
            _ = try records.reserve(owner: owner, key: IdempotencyKey("old-\(index)")!, fingerprint: "f", now: start)
        }
        _ = try records.reserve(owner: alice, key: key, fingerprint: "f", now: start.addingTimeInterval(10))
        let cutOff = start.addingTimeInterval(10)
        #expect(try records.purge(olderThan: cutOff, limit: 0) == 0)
        #expect(try records.purge(olderThan: cutOff, limit: 2) == 2)
        #expect(try records.purge(olderThan: cutOff, limit: 2) == 1)
        #expect(try records.purge(olderThan: cutOff, limit: 2) == 0)
        #expect(try store.rowCount(in: "idempotency_records") == 1)
        #expect(try records.reserve(owner: alice, key: key, fingerprint: "f", now: start.addingTimeInterval(11)) == .inFlight)
    }

    @Test("twenty concurrent reserves of one key on separate connections give exactly one reservation", arguments: Backend.allCases)
    func concurrentReserves(backend: Backend) throws {
        let store = try backend.makeStore()
        let outcomes = try race(store, count: 20, now: start)
        #expect(outcomes.filter { $0 == .reserved }.count == 1)
        #expect(outcomes.filter { $0 == .inFlight }.count == 19)
    }

    @Test("concurrent retries of an abandoned reservation: exactly one takes it over", arguments: Backend.allCases)
    func concurrentTakeovers(backend: Backend) throws {
        let store = try backend.makeStore()
        #expect(try store.gateway.idempotency.reserve(owner: alice, key: key, fingerprint: "f1", now: start) == .reserved)
        let outcomes = try race(store, count: 20, now: start.addingTimeInterval(IdempotencyPolicy.standard.inFlightTimeout + 1))
        #expect(outcomes.filter { $0 == .reserved }.count == 1)
        #expect(outcomes.filter { $0 == .inFlight }.count == 19)
    }

    @Test("concurrent reserves of an expired completed key: exactly one reserves it anew, none replays", arguments: Backend.allCases)
    func concurrentReservesOfExpired(backend: Backend) throws {
        let store = try backend.makeStore()
        _ = try store.gateway.idempotency.reserve(owner: alice, key: key, fingerprint: "f1", now: start)
        try store.gateway.idempotency.complete(owner: alice, key: key, response: response)
        let outcomes = try race(store, count: 20, now: start.addingTimeInterval(IdempotencyPolicy.standard.retention + 1))
        #expect(outcomes.filter { $0 == .reserved }.count == 1)
        #expect(outcomes.filter { $0 == .inFlight }.count == 19)
    }

    @Test("a reserve racing releases and purges of its key never fails and never double-reserves", arguments: Backend.allCases)
    func reserveRacingRelease(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        let failures = Locked<[String]>([])
        let owner = alice
        let key = self.key
        let now = start
        Threads.run(count: 9) { index in
            let records = gateways[index % gateways.count].idempotency
            do {
                for _ in 0..<20 {
                    switch index % 3 {
                    case 0: _ = try records.reserve(owner: owner, key: key, fingerprint: "f1", now: now)
                    case 1: try records.release(owner: owner, key: key)
                    default: try records.purge(olderThan: now.addingTimeInterval(1), limit: 100)
                    }
                }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(try store.rowCount(in: "idempotency_records") <= 1)
    }

    /// `count` reserves of `key` with one fingerprint at `now`, on real threads spread over three
    /// gateways with connections of their own (as three processes).
    private func race(_ store: Store, count: Int, now: Date) throws -> [IdempotencyReservation] {
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        let outcomes = Locked<[IdempotencyReservation]>([])
        let failures = Locked<[String]>([])
        let (owner, key) = (alice, self.key)
        Threads.run(count: count) { index in
            do {
                let outcome = try gateways[index % gateways.count].idempotency.reserve(owner: owner, key: key, fingerprint: "f2", now: now)
                outcomes.withValue { $0.append(outcome) }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(outcomes.current.count == count)
        return outcomes.current
    }
}
