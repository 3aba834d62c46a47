/// What the order-placing Responder must be able to show.
public protocol OrderCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput,
    InternalInconsistencyPresenterOutput
{
    /// The new order (201).
    func showCreated(_ order: OrderViewModel)
}
