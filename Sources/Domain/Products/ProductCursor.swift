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
