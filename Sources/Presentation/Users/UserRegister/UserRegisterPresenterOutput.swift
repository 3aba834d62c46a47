import Domain

/// What the registration Responder must be able to show.
public protocol UserRegisterPresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, PasswordHashingPresenterOutput {
    /// The new user and their first session's token (201).
    func showRegistered(_ registration: RegistrationViewModel)
    /// Another user has this email (409).
    func showEmailTaken(_ problem: ProblemViewModel)
}
