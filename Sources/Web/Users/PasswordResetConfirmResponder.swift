import HTTPServer
import Presentation

/// Writes a password reset: 200 with what to do next; 422 for a wrong or dead code, 503 when
/// hashing is busy (from `SceneResponder`).
final class PasswordResetConfirmResponder: SceneResponder, PasswordResetConfirmPresenterOutput {
    func showReset(_ done: PasswordResetViewModel) {
        response = JSONBody.response(.ok, done)
    }
}
