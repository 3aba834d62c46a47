import HTTPServer
import Presentation

/// Writes a new draft: 201, `Location` from the route value, `ETag`.
final class TransferDraftCreateResponder: SceneResponder, TransferDraftCreatePresenterOutput {
    func showCreated(_ draft: TransferDraftViewModel) {
        response = JSONBody.response(.created, draft, headers: ["Location": TransfersRoute.showDraft(id: draft.id).path, "ETag": draft.etag])
    }
}
