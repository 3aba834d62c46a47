import HTTPServer
import Presentation

/// Writes one draft with its `ETag`.
final class TransferDraftShowResponder: SceneResponder, TransferDraftShowPresenterOutput {
    func showDraft(_ draft: TransferDraftViewModel) {
        response = JSONBody.response(.ok, draft, headers: ["ETag": draft.etag])
    }
}
