import Domain

/// What the "I forgot my password" Responder must be able to show.
public protocol PasswordResetRequestPresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput {
    /// Taken in (202), alike whether or not the address is held.
    func showAccepted(_ accepted: AcceptedViewModel)
    /// Too many codes lately (429), with the wait in whole seconds.
    func showRateLimited(_ problem: ProblemViewModel, retryAfter: Int)
}
