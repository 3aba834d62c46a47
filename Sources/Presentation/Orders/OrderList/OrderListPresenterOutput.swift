/// What the order list Responder must be able to show.
public protocol OrderListPresenterOutput: ProblemPresenterOutput {
    func showOrders(_ list: OrderListViewModel)
}
