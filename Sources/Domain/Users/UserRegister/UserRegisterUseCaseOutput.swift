/// What registering can lead to (`presentThrottled`: too many registrations from the address).
public protocol UserRegisterUseCaseOutput: StorageFailureOutput, PasswordHashingOutput {
    func presentRegistered(_ user: UserPresentationModel, session: SessionPresentationModel)
    func presentValidationFailures(_ failures: [UserFieldFailure])
    /// The one place an email's existence is told: registration must say why it failed.
    func presentEmailTaken()
}
