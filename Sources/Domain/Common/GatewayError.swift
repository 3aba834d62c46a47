/// A storage failure, as the gateway reports it; never a business outcome.
public enum GatewayError: Error, Equatable, Sendable {
    /// A uniqueness or reference rule of the storage was violated.
    case conflict(String)
    /// Storage is busy, locked, full, read-only or failing I/O right now; retrying later may work.
    case unavailable(String)
    /// Storage failed in a way retrying will not fix (corruption, misuse): not the client's fault.
    case failure(String)
    /// The write would give its owner more than their quota (`StorageQuotas`): checked in the
    /// write's own transaction, nothing was stored.
    case quotaExceeded(QuotaExceeded)
}
