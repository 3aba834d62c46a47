/// What listing orders can lead to.
public protocol OrderListUseCaseOutput: StorageFailureOutput {
    /// A page of orders; `next` is where the following page starts, nil on the last page.
    func presentOrders(_ orders: [OrderSummaryPresentationModel], next: OrderCursor?)
    /// The first page is empty: no orders (of that status).
    func presentNoOrders()
    /// The cursor continues a list sorted another way (a 400 naming `cursor`).
    func presentCursorMismatch()
}
