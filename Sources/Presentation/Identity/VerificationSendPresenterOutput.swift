import Domain

/// What the "send a new code" Responder must be able to show.
public protocol VerificationSendPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    /// A new code is on its way (202).
    func showAccepted(_ accepted: AcceptedViewModel)
    /// Nothing to verify (409 `already_verified`).
    func showAlreadyVerified(_ problem: ProblemViewModel)
    /// Too many codes lately (429), with the wait in whole seconds.
    func showRateLimited(_ problem: ProblemViewModel, retryAfter: Int)
}
