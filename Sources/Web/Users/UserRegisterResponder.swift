import HTTPServer
import Presentation

/// Writes a registration: 201 with `Location` of the current user, never to be cached (it
/// carries a bearer token); 409 when the email is taken; 429 and 503 with `Retry-After` come
/// from `SceneResponder`.
final class UserRegisterResponder: SceneResponder, UserRegisterPresenterOutput {
    func showRegistered(_ registration: RegistrationViewModel) {
        response = JSONBody.response(
            .created, registration, headers: ["Location": UsersRoute.SignedIn.me.path, "Cache-Control": "no-store"])
    }

    func showEmailTaken(_ problem: ProblemViewModel) { showProblem(problem) }
}
