import Domain

/// What the login Responder must be able to show.
public protocol SessionCreatePresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    func showSession(_ session: SessionViewModel)
    func showThrottled(_ problem: ProblemViewModel, retryAfter: Int)
}
