import HTTPServer
import Presentation

/// Writes the draft after a stored step with its new `ETag`, or the 409 of a step that lost a race.
final class TransferDraftUpdateResponder: SceneResponder, TransferDraftUpdatePresenterOutput {
    func showDraft(_ draft: TransferDraftViewModel) {
        response = JSONBody.response(.ok, draft, headers: ["ETag": draft.etag])
    }

    func showConflict(_ problem: ProblemViewModel) {
        showProblem(problem)
    }
}
