/// What logging out can lead to.
public protocol SessionDeleteUseCaseOutput: StorageFailureOutput {
    /// The session is revoked (or was already).
    func presentLoggedOut()
}
