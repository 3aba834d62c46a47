import HTTPServer
import Presentation

/// Writes a verification: 200 with the user, now verified; 409 when another account verified
/// the address first; 422 for a wrong or dead code (from `SceneResponder`).
final class EmailVerifyResponder: SceneResponder, EmailVerifyPresenterOutput {
    func showVerified(_ user: UserViewModel) {
        response = JSONBody.response(.ok, user)
    }

    func showEmailTaken(_ problem: ProblemViewModel) { showProblem(problem) }
}
