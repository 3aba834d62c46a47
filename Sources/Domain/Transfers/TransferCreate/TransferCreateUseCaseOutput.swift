/// What sending money can lead to (one step, or a draft's submit).
public protocol TransferCreateUseCaseOutput: TransferRecipientOutput, InternalInconsistencyOutput {
    /// Completed: both legs are stored.
    func presentCreated(_ transfer: TransferPresentationModel)
    /// Every missing field and broken rule at once; nothing was stored.
    func presentValidationFailures(_ failures: [TransferFieldFailure])
    /// The amount is more than the source's balance + credit limit; nothing was stored.
    func presentInsufficientFunds()
}
