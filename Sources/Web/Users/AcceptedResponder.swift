import HTTPServer
import Presentation

/// Writes a request whose outcome is mailed (a new verification code, a password reset): 202;
/// 409 when the address is verified already; 429 with `Retry-After` from `SceneResponder`.
final class AcceptedResponder: SceneResponder, VerificationSendPresenterOutput, PasswordResetRequestPresenterOutput {
    func showAccepted(_ accepted: AcceptedViewModel) {
        response = JSONBody.response(.accepted, accepted)
    }

    func showAlreadyVerified(_ problem: ProblemViewModel) { showProblem(problem) }
}
