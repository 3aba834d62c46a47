/// What the order Responder must be able to show.
public protocol OrderShowPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput {
    func showOrder(_ order: OrderViewModel)
}
