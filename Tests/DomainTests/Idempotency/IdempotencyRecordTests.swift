import Domain
import Foundation
import Testing

@Suite("IdempotencyRecord")
struct IdempotencyRecordTests {
    private let start = Date(timeIntervalSince1970: 1_795_000_000)
    private let response = StoredResponse(status: 201, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))

    private func record(_ state: IdempotencyRecord.State) -> IdempotencyRecord {
        IdempotencyRecord(ownerID: alice, key: IdempotencyKey("k1")!, fingerprint: "f1", state: state, createdAt: start)
    }

    @Test("a completed request replays for the same fingerprint and refuses another")
    func completed() {
        #expect(record(.completed(response)).answer(to: "f1", at: start.addingTimeInterval(10), policy: .standard) == .replay(response))
        #expect(record(.completed(response)).answer(to: "f2", at: start.addingTimeInterval(10), policy: .standard) == .keyReused)
    }

    @Test("a request in flight answers in flight, whatever the fingerprint, until the timeout")
    func inFlight() {
        #expect(record(.inFlight).answer(to: "f1", at: start.addingTimeInterval(59.9), policy: .standard) == .inFlight)
        #expect(record(.inFlight).answer(to: "f2", at: start, policy: .standard) == .inFlight)
        #expect(record(.inFlight).answer(to: "f1", at: start.addingTimeInterval(60), policy: .standard) == nil)
    }

    @Test("only the same request in flight resumes the transfer a record names; another request, a completed record or none named starts afresh")
    func resumedTransfer() {
        var named = record(.inFlight)
        named.transferID = TransferID("tr_1")
        #expect(named.resumedTransfer(for: "f1") == TransferID("tr_1"))
        #expect(named.resumedTransfer(for: "f2") == nil)
        #expect(record(.inFlight).resumedTransfer(for: "f1") == nil)
        named.state = .completed(response)
        #expect(named.resumedTransfer(for: "f1") == nil)
    }

    @Test("after 24 hours a completed record no longer counts")
    func expiry() {
        #expect(record(.completed(response)).answer(to: "f2", at: start.addingTimeInterval(86_399), policy: .standard) == .keyReused)
        #expect(record(.completed(response)).answer(to: "f1", at: start.addingTimeInterval(86_400), policy: .standard) == nil)
    }

    @Test("keys are 1 to 255 visible ASCII characters", arguments: [
        ("a", true), ("550e8400-e29b-41d4-a716-446655440000", true), (String(repeating: "k", count: 255), true),
        ("", false), (String(repeating: "k", count: 256), false), ("has space", false), ("tab\t", false), ("é", false), ("\u{7F}", false),
    ])
    func keys(raw: String, valid: Bool) {
        #expect((IdempotencyKey(raw) != nil) == valid)
    }
}
