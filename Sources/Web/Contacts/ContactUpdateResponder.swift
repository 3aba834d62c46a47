import HTTPServer
import Presentation

/// Writes an updated contact, or 412 with the stored version's `ETag`.
final class ContactUpdateResponder: SceneResponder, ContactUpdatePresenterOutput {
    func showUpdated(_ contact: ContactViewModel) {
        response = JSONBody.response(.ok, contact, headers: ["ETag": contact.etag])
    }

    func showStale(_ problem: ProblemViewModel, current: ContactViewModel) {
        showProblem(problem, headers: ["ETag": current.etag])
    }
}
