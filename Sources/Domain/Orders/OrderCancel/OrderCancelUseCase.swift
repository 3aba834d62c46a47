/// `POST /v1/orders/{id}/cancel`: cancels one of the owner's placed orders.
///
/// Outcomes: `presentCancelled(_:)`, `presentNotFound(_:)`, `presentInvalidTransition(_:)`
/// (not placed), storage failures.
public struct OrderCancelUseCase {
    private let orders: any OrderManager
    private let owner: UserID
    private let clock: any Clock

    public init(orders: any OrderManager, owner: UserID, clock: any Clock) {
        self.orders = orders
        self.owner = owner
        self.clock = clock
    }

    public func eventCancel(id: OrderID, output: any OrderCancelUseCaseOutput) {
        OrderCancelTransformer(orders: orders, clock: clock).transform(id: id, owner: owner, output: output)
    }
}
