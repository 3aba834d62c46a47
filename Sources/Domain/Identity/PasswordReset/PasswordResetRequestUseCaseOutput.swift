/// What asking for a password reset can lead to.
public protocol PasswordResetRequestUseCaseOutput: StorageFailureOutput {
    /// Taken in: the same event whether or not anyone holds the address (if someone does, a
    /// code is on its way to it).
    func presentAccepted(email: String)
    /// The address is missing or not plausible.
    func presentValidationFailures(_ failures: [UserFieldFailure])
    /// Too many codes to this address or from this client lately; `retryAfter` in seconds.
    func presentRateLimited(retryAfter: Int)
}
