import HTTPServer
import Presentation

/// Writes a new session (201, never to be cached: it carries a bearer token), or 401 / 429 with
/// `Retry-After`.
final class SessionCreateResponder: SceneResponder, SessionCreatePresenterOutput {
    func showSession(_ session: SessionViewModel) {
        response = JSONBody.response(.created, session, headers: ["Cache-Control": "no-store"])
    }

    func showThrottled(_ problem: ProblemViewModel, retryAfter: Int) {
        showProblem(problem, status: 429, headers: ["Retry-After": "\(retryAfter)"])
    }
}
