import HTTPServer
import Presentation

/// Answers a password change with 204; 422 (a wrong current password among the field errors),
/// 429 and 503 with `Retry-After` come from `SceneResponder`.
final class PasswordChangeResponder: SceneResponder, PasswordChangePresenterOutput {
    func showPasswordChanged() {
        response = HTTPResponse(status: .noContent)
    }
}
