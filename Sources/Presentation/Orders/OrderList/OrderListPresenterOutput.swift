/// What the order list Responder must be able to show.
public protocol OrderListPresenterOutput: ProblemPresenterOutput {
    /// A page of the user's orders.
    func showOrders(_ list: OrderListViewModel)
}
