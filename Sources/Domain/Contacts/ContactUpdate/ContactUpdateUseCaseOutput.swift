/// What changing a contact can lead to.
public protocol ContactUpdateUseCaseOutput: StorageFailureOutput {
    func presentUpdated(_ contact: ContactPresentationModel)
    func presentNotFound(_ id: ContactID)
    func presentValidationFailures(_ failures: [ContactFieldFailure])
    /// The client's `If-Match` names an older version than the stored one.
    func presentStale(_ current: ContactPresentationModel)
}
