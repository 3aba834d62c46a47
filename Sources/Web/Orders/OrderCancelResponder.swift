import HTTPServer
import Presentation

/// Writes a cancelled order with its new `ETag`, or the 409 of an order that is not placed
/// (with the `ETag` of the order as it stands).
final class OrderCancelResponder: SceneResponder, OrderCancelPresenterOutput {
    func showCancelled(_ order: OrderViewModel) {
        response = JSONBody.response(.ok, order, headers: ["ETag": order.etag])
    }

    func showInvalidTransition(_ problem: ProblemViewModel, current: OrderViewModel) {
        showProblem(problem, headers: ["ETag": current.etag])
    }
}
