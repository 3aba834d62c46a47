/// What starting a "send money" flow can lead to.
public protocol TransferDraftCreateUseCaseOutput: StorageFailureOutput {
    /// Stored, with everything but the source still missing.
    func presentCreated(_ draft: TransferDraftPresentationModel)
    /// Every broken rule at once; nothing was stored.
    func presentValidationFailures(_ failures: [TransferFieldFailure])
    /// The source is not one of the user's accounts.
    func presentAccountNotFound(_ id: AccountID)
}
