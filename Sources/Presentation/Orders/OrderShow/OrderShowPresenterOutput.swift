/// What the order Responder must be able to show.
public protocol OrderShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    /// The order.
    func showOrder(_ order: OrderViewModel)
}
