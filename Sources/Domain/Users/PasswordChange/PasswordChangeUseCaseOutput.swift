/// What changing one's password can lead to (`presentRateLimited`: too many failed logins or wrong
/// current passwords for the email or the address).
public protocol PasswordChangeUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    /// The new password is stored and every other session of the user is revoked.
    func presentPasswordChanged()
    /// Every broken rule at once, or the wrong current password alone; nothing was stored.
    func presentValidationFailures(_ failures: [PasswordChangeFailure])
    /// The session's user no longer exists.
    func presentUnknownUser()
}
