import HTTPServer
import Presentation

/// Writes the user's sessions.
final class SessionListResponder: SceneResponder, SessionListPresenterOutput {
    func showSessions(_ list: SessionListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
