import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

/// A transfer naming itself in its `Idempotency-Key`'s record, and what a reservation of that key
/// makes of it afterwards, on both stores.
@Suite("TransferManager contract: a transfer's idempotency record")
struct TransferIdempotencyContractTests {
    private let alice = UserID("u_alice")
    private let key = IdempotencyKey("transfer-1")!
    private let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A store whose `a_u_alice` holds 100.00, beside an empty `a_savings`.
    private func funded(_ backend: Backend) throws -> Store {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        return store
    }

    /// Alice's reservation of `key` with `fingerprint`, `seconds` after `start`.
    private func reserve(_ store: Store, _ fingerprint: String, after seconds: TimeInterval = 0, key: IdempotencyKey? = nil) throws
        -> IdempotencyReservation
    {
        try store.gateway.idempotency.reserve(owner: alice, key: key ?? self.key, fingerprint: fingerprint, now: start.addingTimeInterval(seconds))
    }

    /// Executes a transfer `id` of `amount` to `a_savings` under `key` and `fingerprint`, expecting it stored.
    private func execute(_ store: Store, _ id: String, amount: Int64, fingerprint: String, key: IdempotencyKey? = nil) throws {
        var new = NewTransfer.fixture(id: id, to: "a_savings", amount: amount)
        new.idempotency = IdempotentRequest(key: key ?? self.key, fingerprint: fingerprint)
        #expect(try store.gateway.transfers.execute(new) == .completed(new.transfer))
    }

    @Test("a transfer under a key names itself in the key's record: the same request taking the abandoned key over resumes it, another request or an expired completed key starts afresh", arguments: Backend.allCases)
    func resumedByItsKey(backend: Backend) throws {
        let store = try funded(backend)
        #expect(try reserve(store, "f1") == .reserved)
        try execute(store, "tr_1", amount: 2_500, fingerprint: "f1")

        // The response was never stored (the process stopped): past the timeout the same request
        // resumes the transfer, and so does its next retry while that one is still in flight.
        #expect(try reserve(store, "f1", after: 61) == .resumed(TransferID("tr_1")))
        #expect(try reserve(store, "f1", after: 122) == .resumed(TransferID("tr_1")))
        // Another request with the key forgets the transfer for good.
        #expect(try reserve(store, "f2", after: 183) == .reserved)
        #expect(try reserve(store, "f1", after: 244) == .reserved)
        #expect(try store.available("a_u_alice") == 7_500)
        #expect(try store.transferCount() == 1)

        // A completed record keeps its transfer, but once expired a reservation starts afresh.
        let other = IdempotencyKey("transfer-2")!
        #expect(try reserve(store, "f1", key: other) == .reserved)
        try execute(store, "tr_2", amount: 500, fingerprint: "f1", key: other)
        let response = StoredResponse(status: 201, headers: [StoredResponse.Header](), body: Array("{}".utf8))
        #expect(try store.gateway.idempotency.complete(owner: alice, key: other, response: response, waitsForFlush: false))
        #expect(try reserve(store, "f1", after: 5, key: other) == .replay(response))
        #expect(try reserve(store, "f1", after: 86_400, key: other) == .reserved)
    }

    @Test("a record naming a transfer is never released, since the transfer may have committed: the retry after the timeout resumes it", arguments: Backend.allCases)
    func namedRecordIsKept(backend: Backend) throws {
        let store = try funded(backend)
        #expect(try reserve(store, "f1") == .reserved)
        try execute(store, "tr_1", amount: 2_500, fingerprint: "f1")
        // What a request whose answer was a 5xx (its session lost at the COMMIT) does.
        try store.gateway.idempotency.release(owner: alice, key: key)
        #expect(try reserve(store, "f1", after: 5) == .inFlight)
        #expect(try reserve(store, "f1", after: 61) == .resumed(TransferID("tr_1")))
    }

    @Test("a request whose key another request took over (it ran past the timeout) names its transfer in nothing: the other's retry is not answered with it", arguments: Backend.allCases)
    func staleRequestNamesNothing(backend: Backend) throws {
        let store = try funded(backend)
        #expect(try reserve(store, "f1") == .reserved)
        #expect(try reserve(store, "f2", after: 61) == .reserved)
        try execute(store, "tr_1", amount: 2_500, fingerprint: "f1")
        #expect(try reserve(store, "f2", after: 122) == .reserved)
    }
}
