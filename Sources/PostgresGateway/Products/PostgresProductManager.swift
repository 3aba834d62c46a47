import Domain

/// `ProductManager` on the `products` table, filled by migration 0003.
public struct PostgresProductManager: ProductManager {
    static let columns = "id, name, price_minor, currency"
    // The limit alone: PostgreSQL refuses to prepare a statement with a parameter it never uses
    // (its type cannot be told), where SQLite binds the unused cursor as NULL.
    static let list = "SELECT \(columns) FROM products ORDER BY name, id LIMIT $1"
    static let listAfter = "SELECT \(columns) FROM products WHERE (name, id) > ($1, $2) ORDER BY name, id LIMIT $3"
    static let fetch = "SELECT \(columns) FROM products WHERE id = $1"

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        guard limit > 0 else { return [] }
        let values: [PostgresValue] = cursor.map { [.text($0.name), .text($0.id.rawValue), .integer(Int64(limit))] } ?? [.integer(Int64(limit))]
        return try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(cursor == nil ? Self.list : Self.listAfter).rows(values, Self.product)
            }
        }
    }

    public func fetch(id: ProductID) throws -> Product? {
        try GatewayError.mapping {
            try database.read { connection in
                try connection.statement(Self.fetch).rows([.text(id.rawValue)], Self.product).first
            }
        }
    }

    public func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        try GatewayError.mapping {
            try database.read { connection in
                var found: [ProductID: Product] = [:]
                // The caller bounds the set (an order has at most 100 lines); one prepared
                // statement per id beats building an IN list of varying length.
                for id in ids {
                    if let product = try connection.statement(Self.fetch).rows([.text(id.rawValue)], Self.product).first {
                        found[id] = product
                    }
                }
                return found
            }
        }
    }

    /// A product from a row selected with `columns`.
    static func product(_ row: PostgresRow) throws -> Product {
        let code = row.string(at: 3) ?? ""
        guard let currency = Currency(code: code) else {
            throw GatewayError.failure("product \(row.string(at: 0) ?? "?") has unknown currency \(code)")
        }
        return Product(id: ProductID(row.string(at: 0) ?? ""), name: row.string(at: 1) ?? "", price: Money(minor: row.int64(at: 2), currency: currency))
    }
}
