/// What the catalog list Responder must be able to show.
public protocol ProductListPresenterOutput: ProblemPresenterOutput {
    func showProducts(_ list: ProductListViewModel)
}
