import Domain

/// One line of an order: `{productId, name, quantity, unitPrice, lineTotal}`.
public struct OrderLineViewModel: Equatable, Sendable {
    public let productId: String
    public let name: String
    public let quantity: Int
    public let unitPrice: MoneyViewModel
    public let lineTotal: MoneyViewModel

    public init(_ line: OrderLine, language: Language) {
        productId = line.productID.rawValue
        name = line.name
        quantity = line.quantity
        unitPrice = MoneyViewModel(line.unitPrice, language: language)
        lineTotal = MoneyViewModel(line.lineTotal, language: language)
    }
}

extension OrderLineViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("productId", productId)
        output.field("name", name)
        output.key("quantity")
        output.integer(quantity)
        output.field("unitPrice", unitPrice)
        output.field("lineTotal", lineTotal)
        output.endObject()
    }
}
