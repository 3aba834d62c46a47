import Domain
import SQLRows

/// `ProductManager` on the `products` table, filled by migration 0003.
public struct SQLiteProductManager: ProductManager {
    static let list = "SELECT \(ProductRow.columns) FROM products ORDER BY name, id LIMIT ?3"
    static let listAfter = "SELECT \(ProductRow.columns) FROM products WHERE (name, id) > (?1, ?2) ORDER BY name, id LIMIT ?3"
    static let fetch = "SELECT \(ProductRow.columns) FROM products WHERE id = ?1"

    private let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        guard limit > 0 else { return [] }
        let values: [SQLValue] = [SQLValue(cursor?.name), SQLValue(cursor?.id.rawValue), .integer(Int64(limit))]
        return try database.rows(cursor == nil ? Self.list : Self.listAfter, values, ProductRow.product)
    }

    public func fetch(id: ProductID) throws -> Product? {
        try database.first(Self.fetch, [.text(id.rawValue)], ProductRow.product)
    }

    public func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        try GatewayError.mapping {
            try database.read { connection in
                var found: [ProductID: Product] = [:]
                // The caller bounds the set (an order has at most 100 lines); one cached statement
                // per id beats building an IN list of varying length.
                for id in ids {
                    if let product = try connection.statement(Self.fetch).rows([.text(id.rawValue)], ProductRow.product).first {
                        found[id] = product
                    }
                }
                return found
            }
        }
    }
}
