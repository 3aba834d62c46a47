/// What deleting a contact can lead to.
public protocol ContactDeleteUseCaseOutput: StorageFailureOutput {
    /// Removed.
    func presentDeleted()
    /// Missing, or someone else's contact: indistinguishable on purpose.
    func presentNotFound(_ id: ContactID)
}
