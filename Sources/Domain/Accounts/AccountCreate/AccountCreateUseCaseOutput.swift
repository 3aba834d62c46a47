/// What creating an account can lead to.
public protocol AccountCreateUseCaseOutput: StorageFailureOutput {
    /// The new account: zero balance, no credit limit.
    func presentCreated(_ account: AccountPresentationModel)
    /// Every broken rule at once.
    func presentValidationFailures(_ failures: [AccountFieldFailure])
}
