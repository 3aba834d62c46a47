import HTTPServer
import Presentation

/// Writes one transfer.
final class TransferShowResponder: SceneResponder, TransferShowPresenterOutput {
    func showTransfer(_ transfer: TransferViewModel) {
        response = JSONBody.response(.ok, transfer)
    }
}
