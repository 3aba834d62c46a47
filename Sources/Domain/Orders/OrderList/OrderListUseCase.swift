/// `GET /v1/orders`: a page of the owner's orders, optionally of one status, in a chosen order.
///
/// Outcomes: `presentOrders(_:next:)`, `presentNoOrders()` (empty first page),
/// `presentCursorMismatch()` (a cursor from a list of another sort), storage failures.
public struct OrderListUseCase {
    private let orders: any OrderManager
    private let owner: UserID

    public init(orders: any OrderManager, owner: UserID) {
        self.orders = orders
        self.owner = owner
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int, output: any OrderListUseCaseOutput) {
        if let cursor, !cursor.fits(sort) {
            output.presentCursorMismatch()
            return
        }
        do {
            // One extra row tells whether another page follows without a COUNT.
            let rows = try orders.list(owner: owner, status: status, sort: sort, after: cursor, limit: limit + 1)
            if rows.isEmpty && cursor == nil {
                output.presentNoOrders()
                return
            }
            let page = rows.prefix(limit)
            let next = rows.count > limit ? page.last.map { OrderCursor(after: $0, sort: sort) } : nil
            output.presentOrders(page.map(OrderSummaryPresentationModel.init), next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
