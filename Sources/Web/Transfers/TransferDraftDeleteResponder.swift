import HTTPServer
import Presentation

/// Answers an abandoned draft with 204.
final class TransferDraftDeleteResponder: SceneResponder, TransferDraftDeletePresenterOutput {
    func showDeleted() {
        response = HTTPResponse(status: .noContent)
    }
}
