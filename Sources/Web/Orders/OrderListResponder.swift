import HTTPServer
import Presentation

/// Writes a page of the order list as JSON.
final class OrderListResponder: SceneResponder, OrderListPresenterOutput {
    func showOrders(_ list: OrderListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
