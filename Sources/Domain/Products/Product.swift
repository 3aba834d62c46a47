/// Something the catalog sells, at its current price.
public struct Product: Equatable, Sendable {
    /// The highest price storage accepts (100 million dollars in cents): with at most 100 lines of
    /// 999 units, no order total can come near `Int64.max`.
    public static let maximumPriceMinor: Int64 = 10_000_000_000

    public var id: ProductID
    public var name: String
    public var price: Money

    public init(id: ProductID, name: String, price: Money) {
        self.id = id
        self.name = name
        self.price = price
    }
}
