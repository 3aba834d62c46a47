import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `OrderManager` on PostgreSQL.
public struct PostgresOrderManager: OrderManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func create(_ order: NewOrder) throws -> OrderCreation {
        throw GatewayError.failure("PostgresOrderManager is not built yet")
    }

    public func fetch(id: OrderID, owner: UserID) throws -> Order? {
        throw GatewayError.failure("PostgresOrderManager is not built yet")
    }

    public func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        throw GatewayError.failure("PostgresOrderManager is not built yet")
    }

    public func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        throw GatewayError.failure("PostgresOrderManager is not built yet")
    }
}
