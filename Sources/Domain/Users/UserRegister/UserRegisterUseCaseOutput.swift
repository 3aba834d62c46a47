/// What registering can lead to (`presentThrottled`: too many registrations from the address).
public protocol UserRegisterUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    /// Stored with a first session (so the client is logged in) and a first account.
    func presentRegistered(_ user: UserPresentationModel, session: SessionPresentationModel)
    /// Every broken rule at once; nothing was stored.
    func presentValidationFailures(_ failures: [UserFieldFailure])
    /// The one place an email's existence is told: registration must say why it failed.
    func presentEmailTaken()
}
