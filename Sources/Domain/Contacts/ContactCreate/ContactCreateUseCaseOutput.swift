/// What creating a contact can lead to.
public protocol ContactCreateUseCaseOutput: StorageFailureOutput {
    func presentCreated(_ contact: ContactPresentationModel)
    /// Every broken rule at once.
    func presentValidationFailures(_ failures: [ContactFieldFailure])
}
