/// What placing an order can lead to.
public protocol OrderCreateUseCaseOutput: StorageFailureOutput {
    /// Stored, with its number and server-computed totals.
    func presentOrder(_ order: OrderPresentationModel)
    /// Every missing field and broken rule at once, in request order; nothing was stored.
    func presentValidationFailures(_ failures: [OrderFieldFailure])
    /// `shipToContactId` names no contact of this user: missing and someone else's look alike.
    func presentContactNotFound(_ id: ContactID)
    /// `payFromAccountId` was given, and paying from an account is not available yet.
    func presentPaymentUnavailable()
}
