/// What showing one order can lead to.
public protocol OrderShowUseCaseOutput: StorageFailureOutput {
    /// The owner's order, as stored.
    func presentOrder(_ order: OrderPresentationModel)
    /// Missing, or someone else's: the two are indistinguishable on purpose.
    func presentNotFound(_ id: OrderID)
}
