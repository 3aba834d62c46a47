/// `GET /v1/orders/{id}`: one of the owner's orders with its lines.
///
/// Outcomes: `presentOrder(_:)`, `presentNotFound(_:)`, storage failures.
public struct OrderShowUseCase {
    private let orders: any OrderManager
    private let owner: UserID

    public init(orders: any OrderManager, owner: UserID) {
        self.orders = orders
        self.owner = owner
    }

    public func eventShow(id: OrderID, output: any OrderShowUseCaseOutput) {
        do {
            guard let order = try orders.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            output.presentOrder(OrderPresentationModel(order))
        } catch {
            output.presentStorage(error)
        }
    }
}
