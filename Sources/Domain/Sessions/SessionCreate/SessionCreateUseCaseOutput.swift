/// What logging in can lead to.
public protocol SessionCreateUseCaseOutput: StorageFailureOutput {
    func presentSessionCreated(_ session: SessionPresentationModel)
    /// Unknown email or wrong password: deliberately the same event.
    func presentInvalidCredentials()
    /// Too many failures lately; `retryAfter` in whole seconds.
    func presentThrottled(retryAfter: Int)
}
