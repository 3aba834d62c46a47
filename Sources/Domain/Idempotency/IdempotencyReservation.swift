/// What reserving an idempotency key found.
public enum IdempotencyReservation: Equatable, Sendable {
    /// The key is now this request's, in flight: act, then `complete` or `release` it.
    case reserved
    /// A request with this key and this fingerprint completed: answer its response, act not.
    case replay(StoredResponse)
    /// The key was used for another request (another fingerprint): 409 `idempotency_key_reused`.
    case keyReused
    /// A request with this key is still being processed: 409 `idempotency_in_flight`.
    case inFlight
}
