import HTTPServer
import Presentation

/// Writes a completed transfer: 201 with `Location` from the route value.
final class TransferCreateResponder: SceneResponder, TransferCreatePresenterOutput {
    func showCreated(_ transfer: TransferViewModel) {
        response = JSONBody.response(.created, transfer, headers: ["Location": TransfersRoute.show(id: transfer.id).path])
    }
}
