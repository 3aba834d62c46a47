import Domain

/// How a `Product` is read from a row of `products` (filled by migration 0003, never written).
public enum ProductRow {
    /// The columns a product is read from, in row order.
    public enum Column: Int32, SQLColumn {
        case id, name, price_minor, currency

        /// `products`.
        public static var table: String { "products" }
    }

    /// The columns `product(_:)` reads, in its order.
    public static let columns = Column.selectList

    /// A product from a row selected with `columns`; a NULL where the schema forbids one, or a
    /// currency this build does not know, is storage corruption, reported as a failure rather
    /// than guessed.
    @inlinable
    public static func product<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Product {
        let row = row.columns(Column.self)
        let code: String = try row.required(.currency)
        guard let currency = Currency(code: code) else { throw SQLReadFailure.unreadable(Column.currency, code) }
        return Product(
            id: ProductID(try row.required(.id)), name: try row.required(.name), price: Money(minor: try row.required(.price_minor), currency: currency))
    }
}
