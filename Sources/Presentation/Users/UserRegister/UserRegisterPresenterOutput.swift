import Domain

/// What the registration Responder must be able to show.
public protocol UserRegisterPresenterOutput: ProblemPresenterOutput, ValidationPresenterOutput, PasswordHashingPresenterOutput {
    /// Taken in (202), alike for a free and a held address.
    func showAccepted(_ accepted: AcceptedViewModel)
}
