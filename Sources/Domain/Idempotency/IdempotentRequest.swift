/// The `Idempotency-Key` a request holds and the fingerprint it reserved the key with: what a
/// write that names its effect in the key's record (a transfer, `NewTransfer.idempotency`)
/// matches, so a request whose reservation another request took over (it ran past the in-flight
/// timeout) names nothing in that other request's record.
public struct IdempotentRequest: Equatable, Sendable {
    public var key: IdempotencyKey
    /// Of method, path and body, as `RequestFingerprinter` computed it for the reservation.
    public var fingerprint: String

    public init(key: IdempotencyKey, fingerprint: String) {
        self.key = key
        self.fingerprint = fingerprint
    }
}
