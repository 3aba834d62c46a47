import HTTPServer
import Presentation

/// Writes a registration: 201 with `Location` of the current user; 409 when the email is taken.
final class UserRegisterResponder: SceneResponder, UserRegisterPresenterOutput {
    func showRegistered(_ registration: RegistrationViewModel) {
        response = JSONBody.response(.created, registration, headers: ["Location": UsersRoute.SignedIn.me.path])
    }

    func showEmailTaken(_ problem: ProblemViewModel) { showProblem(problem, status: 409) }
}
