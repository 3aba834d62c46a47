import HTTPServer
import Presentation

/// Answers signing out everywhere with 204.
final class SessionDeleteAllResponder: SceneResponder, SessionDeleteAllPresenterOutput {
    func showLoggedOutEverywhere() {
        response = HTTPResponse(status: .noContent)
    }
}
