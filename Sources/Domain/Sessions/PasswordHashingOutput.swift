/// How a use case that hashes a password tells its output that it was refused before hashing,
/// shared by logging in and registering.
public protocol PasswordHashingOutput {
    /// Too many attempts lately; `retryAfter` in whole seconds.
    func presentRateLimited(retryAfter: Int)
    /// Every hashing slot is taken and the queue is full; `retryAfter` in whole seconds.
    func presentServerBusy(retryAfter: Int)
}
