import Domain

/// What the password change Responder must be able to show.
public protocol PasswordChangePresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, UnauthorizedPresenterOutput,
    PasswordHashingPresenterOutput
{
    /// The password is changed (204).
    func showPasswordChanged()
}
