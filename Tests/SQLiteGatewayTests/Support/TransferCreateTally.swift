import Domain

/// Counts what a run of `TransferCreateUseCase` events led to, without keeping each transfer
/// (a long run would otherwise hold every presentation model).
final class TransferCreateTally: TransferCreateUseCaseOutput {
    private(set) var completed = 0
    private(set) var insufficientFunds = 0
    /// Every other outcome, named, in order: none is expected by the tests using this.
    private(set) var others: [String] = []

    func presentCreated(_ transfer: TransferPresentationModel) { completed += 1 }
    func presentInsufficientFunds() { insufficientFunds += 1 }
    func presentValidationFailures(_ failures: [TransferFieldFailure]) { others.append("validationFailures \(failures)") }
    func presentAccountNotFound(_ id: AccountID) { others.append("accountNotFound \(id)") }
    func presentContactNotFound(_ id: ContactID) { others.append("contactNotFound \(id)") }
    func presentSameAccount() { others.append("sameAccount") }
    func presentCurrencyMismatch() { others.append("currencyMismatch") }
    func presentRecipientNotReachable() { others.append("recipientNotReachable") }
    func presentStorageUnavailable() { others.append("storageUnavailable") }
    func presentStorageFailure() { others.append("storageFailure") }
    func presentInternalInconsistency(_ reason: String) { others.append("internalInconsistency \(reason)") }
}
