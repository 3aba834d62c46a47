import Foundation

/// One user's use of one `Idempotency-Key`: the request it was for and, once done, its response.
public struct IdempotencyRecord: Equatable, Sendable {
    /// Where the request is.
    public enum State: Equatable, Sendable {
        case inFlight
        case completed(StoredResponse)
    }

    public var ownerID: UserID
    public var key: IdempotencyKey
    /// Of method, path and body, computed by the caller: equal fingerprints mean the same request.
    public var fingerprint: String
    public var state: State
    /// When this reservation was made; retention and the in-flight timeout count from it.
    public var createdAt: Date
    /// The transfer the request stored, written in the transfer's own transaction
    /// (`NewTransfer.idempotency`); nil for any other request, or before it stored one.
    public var transferID: TransferID?

    public init(ownerID: UserID, key: IdempotencyKey, fingerprint: String, state: State, createdAt: Date, transferID: TransferID? = nil) {
        self.ownerID = ownerID
        self.key = key
        self.fingerprint = fingerprint
        self.state = state
        self.createdAt = createdAt
        self.transferID = transferID
    }

    /// The transfer a request with `fingerprint` taking this record over resumes: the one this
    /// record's request stored before it stopped without its response. Only the same request
    /// in flight resumes it; another request, or any request after a completed record expired,
    /// starts afresh.
    public func resumedTransfer(for fingerprint: String) -> TransferID? {
        guard state == .inFlight, fingerprint == self.fingerprint else { return nil }
        return transferID
    }

    /// What a request with `fingerprint` arriving at `now` gets from this record; nil when the
    /// record no longer counts (expired, or in flight past the timeout) and may be replaced by
    /// a new reservation.
    public func answer(to fingerprint: String, at now: Date, policy: IdempotencyPolicy) -> IdempotencyReservation? {
        let age = now.timeIntervalSince(createdAt)
        switch state {
        case .inFlight:
            return age >= policy.inFlightTimeout ? nil : .inFlight
        case .completed(let response):
            guard age < policy.retention else { return nil }
            return fingerprint == self.fingerprint ? .replay(response) : .keyReused
        }
    }
}
