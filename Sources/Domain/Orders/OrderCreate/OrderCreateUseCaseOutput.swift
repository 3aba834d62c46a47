/// What placing an order can lead to.
public protocol OrderCreateUseCaseOutput: StorageFailureOutput {
    /// Stored, with its number and server-computed totals.
    func presentOrder(_ order: OrderPresentationModel)
    /// Every missing field and broken rule at once, in request order; nothing was stored.
    func presentValidationFailures(_ failures: [OrderFieldFailure])
    /// `shipToContactId` names no contact of this user: missing and someone else's look alike.
    func presentContactNotFound(_ id: ContactID)
    /// No longer presented by the Domain: kept so Presenters written before payments compile.
    /// The three payment outcomes below fall back to it until a Presenter words them.
    func presentPaymentUnavailable()
    /// `payFromAccountId` names no account of this user: missing and someone else's look alike.
    func presentPaymentAccountNotFound(_ id: String)
    /// The payment account's currency is not the order's.
    func presentPaymentCurrencyMismatch()
    /// The order total is more than the payment account's balance + credit limit; nothing was stored.
    func presentInsufficientFunds()
}

extension OrderCreateUseCaseOutput {
    public func presentPaymentAccountNotFound(_ id: String) { presentPaymentUnavailable() }
    public func presentPaymentCurrencyMismatch() { presentPaymentUnavailable() }
    public func presentInsufficientFunds() { presentPaymentUnavailable() }
}
