import Foundation

/// The idempotency records of every user: the one mechanism behind `Idempotency-Key` on every
/// unsafe POST (orders, transfers).
///
/// A request reserves its key before acting; exactly one of any number of concurrent requests
/// with one key gets `.reserved`. It then completes the key with its response, or releases it
/// when it changed nothing (a 4xx before any write), so a corrected retry may reuse the key.
/// Methods throw `GatewayError` for storage failures only.
public protocol IdempotencyManager: Sendable {
    /// Claims `key` for a request with `fingerprint`, or says what an earlier use of it decides,
    /// following `IdempotencyRecord.answer(to:at:policy:)`.
    func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation

    /// Stores the response of the request holding the reservation; false when the key is not
    /// in flight any more (released, or taken over after the timeout). `waitsForFlush` false:
    /// the call may return before the record is durable, for a request whose effect already
    /// names the key durably (a transfer: `NewTransfer.idempotency`), where losing the
    /// response in a crash costs a retry `resumed`, not a second effect.
    @discardableResult
    func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse, waitsForFlush: Bool) throws -> Bool

    /// Forgets an in-flight reservation; a completed record, or one naming the transfer its
    /// request made (which may have committed though the request failed), is never released.
    func release(owner: UserID, key: IdempotencyKey) throws

    /// Deletes at most `limit` records reserved before `date` and returns how many. A bounded
    /// batch keeps each delete a short write; the caller repeats while batches fill.
    @discardableResult
    func purge(olderThan date: Date, limit: Int) throws -> Int
}

extension IdempotencyManager {
    /// Stores the response durably: the call returns once it would survive a crash.
    @discardableResult
    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> Bool {
        try complete(owner: owner, key: key, response: response, waitsForFlush: true)
    }
}
