/// What the catalog list Responder must be able to show.
public protocol ProductListPresenterOutput: ProblemPresenterOutput {
    /// A page of the catalog.
    func showProducts(_ list: ProductListViewModel)
}
