/// The "cancel order" event: `placed` → `cancelled`, in one atomic step of storage, so two
/// racing cancels cannot both succeed.
public struct OrderCancelTransformer {
    private let orders: any OrderManager
    private let clock: any Clock

    public init(orders: any OrderManager, clock: any Clock) {
        self.orders = orders
        self.clock = clock
    }

    public func transform(id: OrderID, owner: UserID, output: any OrderCancelUseCaseOutput) {
        do {
            switch try orders.cancel(id: id, owner: owner, at: clock.now()) {
            case .cancelled(let order): output.presentCancelled(OrderPresentationModel(order))
            case .notFound: output.presentNotFound(id)
            case .notPlaced(let order): output.presentInvalidTransition(OrderPresentationModel(order))
            }
        } catch {
            output.presentStorage(error)
        }
    }
}
