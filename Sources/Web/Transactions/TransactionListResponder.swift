import HTTPServer
import Presentation

/// Writes a page of an account's transactions as JSON.
final class TransactionListResponder: SceneResponder, TransactionListPresenterOutput {
    func showTransactions(_ list: TransactionListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
