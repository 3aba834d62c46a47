/// What presenting a verification code can lead to.
public protocol EmailVerifyUseCaseOutput: StorageFailureOutput {
    /// The address is now the user's, verified (also when it already was).
    func presentVerified(_ user: UserPresentationModel)
    /// Not the live code (or not a code at all); `attemptsLeft` tries remain for it.
    func presentCodeMismatch(attemptsLeft: Int)
    /// No live code: expired, used, out of tries, or never sent. Ask for a new one.
    func presentNoLiveCode()
    /// Another account proved this address first.
    func presentEmailTaken()
    /// The session's user no longer exists.
    func presentUnknownUser()
}
