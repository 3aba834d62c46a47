/// What placing an order can lead to.
public protocol OrderCreateUseCaseOutput: StorageFailureOutput, InternalInconsistencyOutput {
    /// Stored, with its number and server-computed totals.
    func presentCreated(_ order: OrderPresentationModel)
    /// Every missing field and broken rule at once, in request order; nothing was stored.
    func presentValidationFailures(_ failures: [OrderFieldFailure])
    /// `shipToContactId` names no contact of this user: missing and someone else's look alike.
    func presentContactNotFound(_ id: ContactID)
    /// `payFromAccountId` names no account of this user: missing and someone else's look alike.
    func presentPaymentAccountNotFound(_ id: String)
    /// The payment account's currency is not the order's.
    func presentPaymentCurrencyMismatch()
    /// The order total is more than the payment account's balance + credit limit; nothing was stored.
    func presentInsufficientFunds()
}
