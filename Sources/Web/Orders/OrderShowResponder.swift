import HTTPServer
import Presentation

/// Writes one order with its `ETag`.
final class OrderShowResponder: SceneResponder, OrderShowPresenterOutput {
    func showOrder(_ order: OrderViewModel) {
        response = JSONBody.response(.ok, order, headers: ["ETag": order.etag])
    }
}
