import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `ProductManager` on PostgreSQL.
public struct PostgresProductManager: ProductManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        throw GatewayError.failure("PostgresProductManager is not built yet")
    }

    public func fetch(id: ProductID) throws -> Product? {
        throw GatewayError.failure("PostgresProductManager is not built yet")
    }

    public func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        throw GatewayError.failure("PostgresProductManager is not built yet")
    }
}
