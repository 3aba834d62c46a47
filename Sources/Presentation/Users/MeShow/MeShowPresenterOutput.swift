import Domain

/// What the current-user Responder must be able to show.
public protocol MeShowPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    /// The signed-in user.
    func showUser(_ user: UserViewModel)
}
