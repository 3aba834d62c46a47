import HTTPServer
import Presentation

/// Answers a deletion with 204.
final class ContactDeleteResponder: SceneResponder, ContactDeletePresenterOutput {
    func showDeleted() {
        response = HTTPResponse(status: .noContent)
    }
}
