import Domain

/// What the logout Responder must be able to show.
public protocol SessionDeletePresenterOutput: ProblemPresenterOutput {
    /// The session is over (204).
    func showLoggedOut()
}
