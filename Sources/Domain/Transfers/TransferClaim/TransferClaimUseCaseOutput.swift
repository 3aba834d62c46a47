/// What claiming incoming money can lead to.
public protocol TransferClaimUseCaseOutput: IncomingTransferOutput, InternalInconsistencyOutput {
    /// Claimed: both legs are posted, as stored.
    func presentClaimed(_ transfer: IncomingTransferPresentationModel)
    /// No account to claim into was named; nothing was stored.
    func presentValidationFailures(_ failures: [TransferFieldFailure])
    /// The account to claim into is not one of the user's.
    func presentAccountNotFound(_ id: AccountID)
    /// The account to claim into holds another currency than the money.
    func presentCurrencyMismatch()
    /// The account to claim into is the one the money was sent from.
    func presentSameAccount()
}
