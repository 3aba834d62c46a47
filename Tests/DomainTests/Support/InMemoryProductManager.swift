import Domain
import DomainTestSupport

/// A catalog in memory, with the SQLite one's `(name, id)` order.
final class InMemoryProductManager: UnimplementedProductManager {
    private let products: [ProductID: Product]
    /// Every `fetch(ids:)` call, to prove what was looked up.
    let lookups = Locked<[Set<ProductID>]>([])

    init(_ products: [Product]) {
        self.products = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        products.values
            .sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
            .filter { product in
                guard let cursor else { return true }
                return (product.name, product.id.rawValue) > (cursor.name, cursor.id.rawValue)
            }
            .prefix(limit)
            .map { $0 }
    }

    func fetch(id: ProductID) throws -> Product? { products[id] }

    func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        lookups.withValue { $0.append(ids) }
        return products.filter { ids.contains($0.key) }
    }
}
