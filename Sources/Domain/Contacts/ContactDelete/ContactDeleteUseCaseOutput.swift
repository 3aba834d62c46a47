/// What deleting a contact can lead to.
public protocol ContactDeleteUseCaseOutput: StorageFailureOutput {
    func presentDeleted()
    func presentNotFound(_ id: ContactID)
}
