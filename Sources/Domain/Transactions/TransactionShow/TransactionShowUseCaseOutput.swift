/// What `TransactionShowUseCase` can lead to.
public protocol TransactionShowUseCaseOutput: StorageFailureOutput {
    /// The transaction, with its account's currency.
    func present(_ model: TransactionPresentationModel)
    /// What the path names does not exist for this user (or is someone else's).
    func presentNotFound()
}
