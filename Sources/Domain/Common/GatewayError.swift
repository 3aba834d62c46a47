/// A storage failure, as the gateway reports it; never a business outcome.
public enum GatewayError: Error, Equatable, Sendable {
    /// A uniqueness or reference rule of the storage was violated.
    case conflict(String)
    /// Storage is busy, locked or not reachable right now; retrying later may work.
    case unavailable(String)
    /// Storage failed (disk full, I/O error, corruption): not the client's fault.
    case failure(String)
}
