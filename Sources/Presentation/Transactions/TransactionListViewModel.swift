/// A page of an account's transactions.
public typealias TransactionListViewModel = PageViewModel<TransactionViewModel>
