/// What the order-placing Responder must be able to show.
public protocol OrderCreatePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, NotFoundPresenterOutput,
    InternalInconsistencyPresenterOutput
{
    func showCreated(_ order: OrderViewModel)
}
