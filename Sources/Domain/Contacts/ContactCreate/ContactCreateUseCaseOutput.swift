/// What creating a contact can lead to.
public protocol ContactCreateUseCaseOutput: StorageFailureOutput {
    /// Stored, at version 1.
    func presentCreated(_ contact: ContactPresentationModel)
    /// Every broken rule at once.
    func presentValidationFailures(_ failures: [ContactFieldFailure])
}
