/// What the order-cancelling Responder must be able to show.
public protocol OrderCancelPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The order, now cancelled.
    func showCancelled(_ order: OrderViewModel)
    /// 409: the order is not placed; `current` is how it stands, unchanged.
    func showInvalidTransition(_ problem: ProblemViewModel, current: OrderViewModel)
}
