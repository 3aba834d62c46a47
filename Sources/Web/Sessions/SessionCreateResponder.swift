import HTTPServer
import Presentation

/// Writes a new session (201, never to be cached: it carries a bearer token), or 401; 429 and
/// 503 with `Retry-After` come from `SceneResponder`.
final class SessionCreateResponder: SceneResponder, SessionCreatePresenterOutput {
    func showCreated(_ session: SessionViewModel) {
        response = JSONBody.response(.created, session, headers: ["Cache-Control": "no-store"])
    }
}
