/// What asking for a new verification code can lead to.
public protocol VerificationSendUseCaseOutput: StorageFailureOutput {
    /// A new code is on its way to `email`; the previous one no longer works.
    func presentSent(email: String)
    /// The address is verified already: there is nothing to prove.
    func presentAlreadyVerified()
    /// Too many codes to this address or from this client lately; `retryAfter` in seconds.
    func presentRateLimited(retryAfter: Int)
    /// The session's user no longer exists.
    func presentUnknownUser()
}
