import Domain
import Foundation
import SQLRows

/// `OrderManager` on `orders` and `order_lines`; numbers come from `order_number_counter`.
public struct PostgresOrderManager: OrderManager {
    /// The counter row's lock serializes the creators: each waits for the one before to commit
    /// and then increments what it stored, so no number is handed out twice, from any process.
    static let nextNumber = "UPDATE order_number_counter SET last_value = last_value + 1 WHERE singleton = 1 RETURNING last_value"
    static let insert = """
        INSERT INTO orders (id, owner_id, number, status, placed_at, customer_first_name, customer_last_name, customer_email, \
        customer_phone, billing_street, billing_street2, billing_city, billing_province, billing_postal_code, billing_country, \
        shipment_street, shipment_street2, shipment_city, shipment_province, shipment_postal_code, shipment_country, \
        shipment_speed, shipment_cost_minor, item_total_minor, tax_minor, order_total_minor, currency, pay_from_account_id, \
        payment_transaction_id) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, \
        $24, $25, $26, $27, $28, $29)
        """
    static let insertLine = """
        INSERT INTO order_lines (order_id, line_index, product_id, name, quantity, unit_price_minor, line_total_minor) \
        VALUES ($1, $2, $3, $4, $5, $6, $7)
        """
    static let fetch = "SELECT \(OrderRow.columns) FROM orders WHERE id = $1 AND owner_id = $2"
    static let fetchLines = "SELECT \(OrderRow.lineColumns) FROM order_lines WHERE order_id = $1 ORDER BY line_index"
    /// The payment account's currency and available funds (its stored balance, as
    /// `PostgresAccountManager` counts it, plus the credit limit), when it is the owner's. Its
    /// row stays locked until the order commits: a concurrent order, transfer or import on it
    /// waits, so the funds read here are still there when the debit is written. FOR UPDATE
    /// reads the newest committed row, even when it waited for another writer's.
    static let paymentAccount = "SELECT currency, credit_limit + balance FROM accounts WHERE id = $1 AND owner_id = $2 FOR UPDATE"
    /// The reversing entry of a payment debit: $1 the debit's id, $2 the new id, $3 date, $4 description.
    static let voidPayment = """
        INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount, reverses_id) \
        SELECT $2, account_id, 'authorized', 'credit', $3, $4, amount, id FROM transactions WHERE id = $1 AND direction = 'debit'
        """
    /// The row lock makes a concurrent cancel wait and then find the order no longer placed, so
    /// exactly one cancel voids the payment.
    static let cancel = """
        UPDATE orders SET status = 'cancelled', cancelled_at = $3, version = version + 1 \
        WHERE id = $1 AND owner_id = $2 AND status = 'placed'
        """

    /// The texts of the steps both gateways share.
    static let statements = OrderStatements(
        nextNumber: nextNumber, insert: insert, insertLine: insertLine, fetch: fetch, fetchLines: fetchLines,
        paymentAccount: paymentAccount, insertTransaction: PostgresTransactionManager.insert, cancel: cancel, voidPayment: voidPayment)

    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func create(_ order: NewOrder) throws -> OrderCreation {
        try GatewayError.mapping {
            try database.write { connection in try OrderSteps.create(order, on: connection, Self.statements) }
        }
    }

    public func fetch(id: OrderID, owner: UserID) throws -> Order? {
        try GatewayError.mapping {
            try database.read { connection in
                // One snapshot for the order and its lines, so a concurrent write cannot split them.
                try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                defer { _ = try? connection.execute("COMMIT") }
                return try OrderSteps.fetch(id: id, owner: owner, on: connection, Self.statements)
            }
        }
    }

    public func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        guard limit > 0 else { return [] }
        // Only the parameters the text names, in the order `listSQL` numbers them.
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
        let sql = Self.listSQL(sort: sort, filtered: status != nil, resumed: cursor != nil)
        return try database.rows(sql, values, OrderRow.summary)
    }

    public func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        try GatewayError.mapping {
            try database.write { connection in try OrderSteps.cancel(id: id, owner: owner, at: date, on: connection, Self.statements) }
        }
    }

    /// The page query for one sort, with or without a status filter and a cursor. Parameters,
    /// numbered in this order and only when named (PostgreSQL refuses an unnamed one): $1
    /// owner, the status, the cursor key and id, the limit. The same arguments always give the
    /// same text, so every connection's prepared statement is reused.
    static func listSQL(sort: OrderSort, filtered: Bool, resumed: Bool) -> String {
        let column = switch sort {
        case .placedAtAscending, .placedAtDescending: "placed_at"
        case .orderTotalAscending, .orderTotalDescending: "order_total_minor"
        }
        let direction = sort.isDescending ? "DESC" : "ASC"
        var next = 2
        func parameter() -> String {
            defer { next += 1 }
            return "$\(next)"
        }
        var sql = "SELECT \(OrderRow.summaryColumns) FROM orders WHERE owner_id = $1"
        if filtered { sql += " AND status = \(parameter())" }
        if resumed { sql += " AND (\(column), id) \(sort.isDescending ? "<" : ">") (\(parameter())::bigint, \(parameter())::text)" }
        sql += " ORDER BY \(column) \(direction), id \(direction) LIMIT \(parameter())"
        return sql
    }
}
