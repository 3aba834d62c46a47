import Domain
import Foundation
import Testing

/// Fails the test when any idempotency storage call happens.
public struct UntouchableIdempotencyManager: IdempotencyManager {
    public init() {}

    public func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        Issue.record("storage reached: idempotency reserve")
        return .inFlight
    }
    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> Bool {
        Issue.record("storage reached: idempotency complete")
        return false
    }
    public func release(owner: UserID, key: IdempotencyKey) throws { Issue.record("storage reached: idempotency release") }
    public func purge(olderThan date: Date, limit: Int) throws -> Int {
        Issue.record("storage reached: idempotency purge")
        return 0
    }
}
