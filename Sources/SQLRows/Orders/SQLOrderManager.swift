import Domain
import Foundation

/// `OrderManager` on `orders` and `order_lines`, on either gateway; numbers come from
/// `order_number_counter`. The steps are `OrderSteps`, over the dialect's `OrderStatements`.
public struct SQLOrderManager<Database: SQLDatabase>: OrderManager {
    private let database: Database
    private let statements: OrderStatements

    /// Orders on `database`, the payment account read with `SQLDialect.rowLock`.
    public init(database: Database) {
        self.database = database
        statements = OrderStatements(paymentAccountLock: Database.dialect.rowLock)
    }

    public func create(_ order: NewOrder) throws -> OrderCreation {
        try GatewayError.mapping {
            try database.write { connection in try OrderSteps.create(order, on: connection, statements) }
        }
    }

    public func fetch(id: OrderID, owner: UserID) throws -> Order? {
        try GatewayError.mapping {
            // One snapshot for the order and its lines, so a concurrent write cannot split them.
            try database.readSnapshot { connection in try OrderSteps.fetch(id: id, owner: owner, on: connection, statements) }
        }
    }

    public func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        guard limit > 0 else { return [] }
        // Only the parameters the text names, in the order `OrderStatements.list` numbers them.
        var values: [SQLValue] = [.text(owner.rawValue)]
        if let status { values.append(.text(status.rawValue)) }
        if let cursor {
            guard cursor.fits(sort) else { return [] }
            switch cursor.key {
            case .placedAt(let date): values.append(.integer(Milliseconds.from(date)))
            case .orderTotal(let minor): values.append(.integer(minor))
            }
            values.append(.text(cursor.id.rawValue))
        }
        values.append(.integer(Int64(limit)))
        let sql = OrderStatements.list(sort: sort, filtered: status != nil, resumed: cursor != nil)
        return try database.rows(sql, values, OrderRow.summary)
    }

    public func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        try GatewayError.mapping {
            try database.write { connection in try OrderSteps.cancel(id: id, owner: owner, at: date, on: connection, statements) }
        }
    }
}
