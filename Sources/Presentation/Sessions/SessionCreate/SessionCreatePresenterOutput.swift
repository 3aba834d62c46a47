import Domain

/// What the login Responder must be able to show.
public protocol SessionCreatePresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput, PasswordHashingPresenterOutput {
    func showCreated(_ session: SessionViewModel)
}
