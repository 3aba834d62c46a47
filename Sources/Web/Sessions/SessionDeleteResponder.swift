import HTTPServer
import Presentation

/// Answers a logout with 204.
final class SessionDeleteResponder: SceneResponder, SessionDeletePresenterOutput {
    func showLoggedOut() {
        response = HTTPResponse(status: .noContent)
    }
}
