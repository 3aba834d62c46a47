/// What showing one account can lead to.
public protocol AccountShowUseCaseOutput: StorageFailureOutput {
    /// The owner's account, with its balance.
    func presentAccount(_ account: AccountPresentationModel)
    /// Missing, or someone else's: the two are indistinguishable on purpose.
    func presentNotFound(_ id: AccountID)
}
