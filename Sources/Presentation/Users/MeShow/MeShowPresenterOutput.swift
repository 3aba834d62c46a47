import Domain

/// What the current-user Responder must be able to show.
public protocol MeShowPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    func showUser(_ user: UserViewModel)
}
