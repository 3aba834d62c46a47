import HTTPServer
import Presentation

/// Writes a page of the catalog as JSON.
final class ProductListResponder: SceneResponder, ProductListPresenterOutput {
    func showProducts(_ list: ProductListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
