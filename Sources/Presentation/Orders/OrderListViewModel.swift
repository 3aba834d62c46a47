/// A page of the order list.
public typealias OrderListViewModel = PageViewModel<OrderListItemViewModel>
