import HTTPServer
import Presentation

/// Writes a refreshed session (200, never to be cached: it carries tokens), or 401.
final class SessionRefreshResponder: SceneResponder, SessionRefreshPresenterOutput {
    func showRefreshed(_ session: SessionViewModel) {
        response = JSONBody.response(.ok, session, headers: ["Cache-Control": "no-store"])
    }
}
