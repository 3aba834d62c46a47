/// A page of the catalog.
public typealias ProductListViewModel = PageViewModel<ProductViewModel>
