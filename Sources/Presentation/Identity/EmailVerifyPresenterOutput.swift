import Domain

/// What the verification Responder must be able to show.
public protocol EmailVerifyPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput, ValidationPresenterOutput {
    /// The user, now verified (200).
    func showVerified(_ user: UserViewModel)
    /// Another account verified the address first (409 `email_taken`).
    func showEmailTaken(_ problem: ProblemViewModel)
}
