import Domain

/// What the registration Responder must be able to show.
public protocol UserRegisterPresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, PasswordHashingPresenterOutput {
    func showRegistered(_ registration: RegistrationViewModel)
    func showEmailTaken(_ problem: ProblemViewModel)
}
