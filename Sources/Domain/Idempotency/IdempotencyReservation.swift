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
    /// The key is now this request's again: the same request (same fingerprint) was in flight
    /// past the timeout, and had stored its transfer (in the transfer's own transaction) but not
    /// its response: the process stopped in between. Answer that transfer, move no money again,
    /// then `complete` the key.
    case resumed(TransferID)
}
