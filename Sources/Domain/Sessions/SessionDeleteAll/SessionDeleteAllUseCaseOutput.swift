/// What signing out everywhere can lead to.
public protocol SessionDeleteAllUseCaseOutput: StorageFailureOutput {
    /// Every session of the user is revoked, the caller's too.
    func presentLoggedOutEverywhere()
}
