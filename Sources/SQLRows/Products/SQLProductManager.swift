import Domain

/// `ProductManager` on the `products` table (filled by migration 0003), on either gateway.
public struct SQLProductManager<Database: SQLDatabase>: ProductManager {
    // The limit alone: PostgreSQL refuses to prepare a statement with a parameter it never uses
    // (its type cannot be told).
    static var list: String { "SELECT \(ProductRow.columns) FROM products ORDER BY name, id LIMIT ?1" }
    static var listAfter: String { "SELECT \(ProductRow.columns) FROM products WHERE (name, id) > (?1, ?2) ORDER BY name, id LIMIT ?3" }
    static var fetch: String { "SELECT \(ProductRow.columns) FROM products WHERE id = ?1" }

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = cursor.map { [.text($0.name), .text($0.id.rawValue), .integer(Int64(limit))] } ?? [.integer(Int64(limit))]
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, ProductRow.product)
    }

    public func fetch(id: ProductID) throws -> Product? {
        try database.first(Self.fetch, [.text(id.rawValue)], ProductRow.product)
    }

    public func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        try GatewayError.mapping {
            try database.read { connection in
                var found: [ProductID: Product] = [:]
                // The caller bounds the set (an order has at most 100 lines); one prepared
                // statement per id beats building an IN list of varying length.
                for id in ids {
                    if let product = try connection.rows(Self.fetch, [.text(id.rawValue)], ProductRow.product).first {
                        found[id] = product
                    }
                }
                return found
            }
        }
    }
}
