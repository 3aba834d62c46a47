import HTTPServer
import Presentation

/// Writes the transfer a submitted draft became: 201 with the transfer's `Location`.
final class TransferDraftSubmitResponder: SceneResponder, TransferDraftSubmitPresenterOutput {
    func showCreated(_ transfer: TransferViewModel) {
        response = JSONBody.response(.created, transfer, headers: ["Location": TransfersRoute.show(id: transfer.id).path])
    }
}
