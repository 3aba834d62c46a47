import Domain

/// A catalog product on the wire: `{id, name, price}`.
public struct ProductViewModel: Equatable, Sendable {
    public let id: String
    public let name: String
    public let price: MoneyViewModel

    public init(_ product: ProductPresentationModel, language: Language) {
        id = product.id.rawValue
        name = product.name
        price = MoneyViewModel(product.price, language: language)
    }
}

extension ProductViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("name", name)
        output.field("price", price)
        output.endObject()
    }
}
