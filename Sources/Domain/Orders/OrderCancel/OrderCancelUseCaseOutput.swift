/// What cancelling an order can lead to.
public protocol OrderCancelUseCaseOutput: StorageFailureOutput {
    /// Now cancelled, as stored.
    func presentCancelled(_ order: OrderPresentationModel)
    /// Missing, or someone else's order: indistinguishable on purpose.
    func presentNotFound(_ id: OrderID)
    /// Only placed orders can be cancelled; this one is as shown, unchanged.
    func presentInvalidTransition(_ order: OrderPresentationModel)
}
