/// One product of an order, with the name and price it was sold at.
public struct OrderLine: Equatable, Sendable {
    public var productID: ProductID
    public var name: String
    public var quantity: Int
    public var unitPrice: Money
    /// `unitPrice × quantity`.
    public var lineTotal: Money

    public init(productID: ProductID, name: String, quantity: Int, unitPrice: Money, lineTotal: Money) {
        self.productID = productID
        self.name = name
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.lineTotal = lineTotal
    }
}
