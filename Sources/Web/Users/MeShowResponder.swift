import HTTPServer
import Presentation

/// Writes the current user.
final class MeShowResponder: SceneResponder, MeShowPresenterOutput {
    func showUser(_ user: UserViewModel) {
        response = JSONBody.response(.ok, user)
    }
}
