import HTTPServer
import Presentation

/// Writes one catalog product.
final class ProductShowResponder: SceneResponder, ProductShowPresenterOutput {
    func showProduct(_ product: ProductViewModel) {
        response = JSONBody.response(.ok, product)
    }
}
