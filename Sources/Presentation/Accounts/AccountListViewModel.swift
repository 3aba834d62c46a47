/// A page of the user's accounts.
public typealias AccountListViewModel = PageViewModel<AccountViewModel>
