/// What `TransactionShowUseCase` can lead to.
public protocol TransactionShowUseCaseOutput: StorageFailureOutput, NotImplementedOutput {
    /// What the scene shows on success.
    func present(_ model: TransactionPresentationModel)
    /// What the path names does not exist for this user (or is someone else's).
    func presentNotFound()
}
