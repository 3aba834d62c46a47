/// What setting a password with a reset code can lead to.
public protocol PasswordResetConfirmUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    /// The new password is set, the address verified, and every session of the user ended.
    func presentReset()
    /// A missing field, or a new password that breaks the rules; nothing was stored.
    func presentValidationFailures(_ failures: [UserFieldFailure])
    /// Not a live code of this address (the same event whether the address is held or not);
    /// `attemptsLeft` tries remain when it was one.
    func presentCodeMismatch(attemptsLeft: Int)
}
