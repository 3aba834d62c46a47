import Domain

/// What the login Responder must be able to show.
public protocol SessionCreatePresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput, PasswordHashingPresenterOutput {
    /// The new session's token (201).
    func showCreated(_ session: SessionViewModel)
}
