/// What changing a contact can lead to.
public protocol ContactUpdateUseCaseOutput: StorageFailureOutput {
    /// Stored, with its version bumped.
    func presentUpdated(_ contact: ContactPresentationModel)
    /// Missing, or someone else's contact: indistinguishable on purpose.
    func presentNotFound(_ id: ContactID)
    /// Every broken rule at once; nothing was stored.
    func presentValidationFailures(_ failures: [ContactFieldFailure])
    /// The client's `If-Match` names an older version than the stored one.
    func presentStale(_ current: ContactPresentationModel)
}
