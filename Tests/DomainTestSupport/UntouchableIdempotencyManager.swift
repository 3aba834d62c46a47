import Domain
import Foundation
import Testing

/// An IdempotencyManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedIdempotencyManager: IdempotencyManager {}

extension UnimplementedIdempotencyManager {
    public func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        Issue.record("storage reached: idempotency reserve")
        return .inFlight
    }
    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse, waitsForFlush: Bool) throws -> Bool {
        Issue.record("storage reached: idempotency complete")
        return false
    }
    public func release(owner: UserID, key: IdempotencyKey) throws { Issue.record("storage reached: idempotency release") }
    public func purge(olderThan date: Date, limit: Int) throws -> Int {
        Issue.record("storage reached: idempotency purge")
        return 0
    }
}

/// Fails the test when any idempotency storage call happens.
public struct UntouchableIdempotencyManager: UnimplementedIdempotencyManager {
    public init() {}
}
