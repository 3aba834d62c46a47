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
