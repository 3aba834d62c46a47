/// `GET /v1/products`: a page of the catalog, sorted by name.
///
/// Outcomes: `presentProducts(_:next:)`, `presentNoProducts()` (empty first page), storage failures.
public struct ProductListUseCase {
    private let products: any ProductManager

    public init(products: any ProductManager) {
        self.products = products
    }

    /// - Parameter limit: 1...100, checked by the Presenter.
    public func eventList(after cursor: ProductCursor?, limit: Int, output: any ProductListUseCaseOutput) {
        do {
            // One extra row tells whether another page follows without a COUNT.
            let rows = try products.list(after: cursor, limit: limit + 1)
            if rows.isEmpty && cursor == nil {
                output.presentNoProducts()
                return
            }
            let page = rows.prefix(limit)
            let next = rows.count > limit ? page.last.map(ProductCursor.init(after:)) : nil
            output.presentProducts(page.map(ProductPresentationModel.init), next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
