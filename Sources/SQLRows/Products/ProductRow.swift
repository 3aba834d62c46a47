import Domain

/// How a `Product` is read from a row of `products` (filled by migration 0003, never written).
public enum ProductRow {
    /// The columns `product(_:)` reads, in its order.
    public static let columns = "id, name, price_minor, currency"

    /// A product from a row selected with `columns`; a currency this build does not know is
    /// storage corruption, reported as a failure rather than guessed.
    @inlinable
    public static func product<Row: SQLRow>(_ row: Row) throws -> Product {
        let code = row.string(at: 3) ?? ""
        guard let currency = Currency(code: code) else {
            throw GatewayError.failure("product \(row.string(at: 0) ?? "?") has unknown currency \(code)")
        }
        return Product(id: ProductID(row.string(at: 0) ?? ""), name: row.string(at: 1) ?? "", price: Money(minor: row.int64(at: 2), currency: currency))
    }
}
