import Domain

/// What the logout Responder must be able to show.
public protocol SessionDeletePresenterOutput: ProblemPresenterOutput {
    func showLoggedOut()
}
