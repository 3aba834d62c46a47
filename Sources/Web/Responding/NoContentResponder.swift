import HTTPServer
import Presentation

/// The Responder of every scene that succeeds with nothing to show: `204 No Content`.
final class NoContentResponder: SceneResponder, NoContentPresenterOutput {
    func showDone() {
        response = HTTPResponse(status: .noContent)
    }
}
