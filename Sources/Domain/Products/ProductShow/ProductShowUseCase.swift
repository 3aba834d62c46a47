/// `GET /v1/products/{id}`: one catalog product.
///
/// Outcomes: `presentProduct(_:)`, `presentNotFound(_:)`, storage failures.
public struct ProductShowUseCase {
    private let products: any ProductManager

    public init(products: any ProductManager) {
        self.products = products
    }

    public func eventShow(id: ProductID, output: any ProductShowUseCaseOutput) {
        do {
            guard let product = try products.fetch(id: id) else {
                output.presentNotFound(id)
                return
            }
            output.presentProduct(ProductPresentationModel(product))
        } catch {
            output.presentStorage(error)
        }
    }
}
