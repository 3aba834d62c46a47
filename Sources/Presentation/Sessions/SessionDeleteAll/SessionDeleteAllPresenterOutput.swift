import Domain

/// What the sign-out-everywhere Responder must be able to show.
public protocol SessionDeleteAllPresenterOutput: ProblemPresenterOutput {
    /// Every session is over (204).
    func showLoggedOutEverywhere()
}
