import HTTPServer
import Presentation

/// Writes a placed order: 201, `Location` from the route value, `ETag`.
final class OrderCreateResponder: SceneResponder, OrderCreatePresenterOutput {
    func showCreated(_ order: OrderViewModel) {
        let location = OrdersRoute.show(id: order.id).path
        response = JSONBody.response(.created, order, headers: ["Location": location, "ETag": order.etag])
    }
}
