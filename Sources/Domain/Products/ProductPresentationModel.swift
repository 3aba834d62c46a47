/// A product as use cases report it: entity data, unformatted.
public struct ProductPresentationModel: Equatable, Sendable {
    public let id: ProductID
    public let name: String
    public let price: Money

    public init(_ product: Product) {
        id = product.id
        name = product.name
        price = product.price
    }
}
