import Domain

/// What the "set my password with a code" Responder must be able to show.
public protocol PasswordResetConfirmPresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, PasswordHashingPresenterOutput {
    /// Set, and every session ended (200 with what happens next).
    func showReset(_ done: PasswordResetViewModel)
}
