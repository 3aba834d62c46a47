/// What registering can lead to (`presentRateLimited`: too many registrations from the address).
public protocol UserRegisterUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    /// Taken in: the same event whether the address was free (a user now claims it and a code is
    /// on its way) or already held (its holder is told), so the answer tells nobody which.
    func presentAccepted(email: String)
    /// Every broken rule at once; nothing was stored.
    func presentValidationFailures(_ failures: [UserFieldFailure])
}
