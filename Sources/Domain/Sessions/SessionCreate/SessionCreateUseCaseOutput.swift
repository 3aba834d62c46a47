/// What logging in can lead to (`presentRateLimited`: too many failures for the email or the
/// address).
public protocol SessionCreateUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    /// Logged in: the new session's access and refresh tokens and their expiries.
    func presentCreated(_ session: SessionPresentationModel)
    /// Unknown email or wrong password: deliberately the same event.
    func presentInvalidCredentials()
}
