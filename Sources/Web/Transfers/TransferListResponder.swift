import HTTPServer
import Presentation

/// Writes a page of the sender's history as JSON.
final class TransferListResponder: SceneResponder, TransferListPresenterOutput {
    func showTransfers(_ list: TransferListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
