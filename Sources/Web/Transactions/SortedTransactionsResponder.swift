import HTTPServer
import Presentation

/// Writes the clients' listing: a JSON array, or their own 404 body.
final class SortedTransactionsResponder: SceneResponder, SortedTransactionsPresenterOutput {
    func showSortedTransactions(_ list: SortedTransactionListViewModel) {
        response = JSONBody.response(.ok, list)
    }

    func showTransactionsNotFound(_ notFound: SortedTransactionsNotFoundViewModel) {
        response = JSONBody.response(.notFound, notFound)
    }
}
