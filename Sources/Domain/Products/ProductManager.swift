/// Where a position in the name-sorted catalog is: the last product a page ended with.
public struct ProductCursor: Equatable, Sendable {
    public var name: String
    public var id: ProductID

    public init(name: String, id: ProductID) {
        self.name = name
        self.id = id
    }

    /// The cursor just after `product`.
    public init(after product: Product) {
        self.init(name: product.name, id: product.id)
    }
}

/// The product catalog, shared by every user and read-only at run time.
///
/// Methods throw `GatewayError` for storage failures only.
public protocol ProductManager: Sendable {
    /// Up to `limit` products after `cursor`, ordered by `(name, id)`.
    func list(after cursor: ProductCursor?, limit: Int) throws -> [Product]

    /// The product, or nil when there is none with this id.
    func fetch(id: ProductID) throws -> Product?

    /// The products among `ids` that exist, keyed by id.
    func fetch(ids: Set<ProductID>) throws -> [ProductID: Product]
}
