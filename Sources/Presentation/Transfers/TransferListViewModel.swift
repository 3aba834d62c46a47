/// A page of the sender's transfers.
public typealias TransferListViewModel = PageViewModel<TransferViewModel>
