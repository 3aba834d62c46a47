import Domain
import Foundation
import SQLRows

/// `OrderManager` on `orders` and `order_lines`; numbers come from `order_number_counter`.
public struct SQLiteOrderManager: OrderManager {
    static let nextNumber = "UPDATE order_number_counter SET last_value = last_value + 1 WHERE singleton = 1 RETURNING last_value"
    static let insert = """
        INSERT INTO orders (id, owner_id, number, status, placed_at, customer_first_name, customer_last_name, customer_email, \
        customer_phone, billing_street, billing_street2, billing_city, billing_province, billing_postal_code, billing_country, \
        shipment_street, shipment_street2, shipment_city, shipment_province, shipment_postal_code, shipment_country, \
        shipment_speed, shipment_cost_minor, item_total_minor, tax_minor, order_total_minor, currency, pay_from_account_id, \
        payment_transaction_id) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, \
        ?24, ?25, ?26, ?27, ?28, ?29)
        """
    static let insertLine = """
        INSERT INTO order_lines (order_id, line_index, product_id, name, quantity, unit_price_minor, line_total_minor) \
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
    static let fetch = "SELECT \(OrderRow.columns) FROM orders WHERE id = ?1 AND owner_id = ?2"
    static let fetchLines = "SELECT \(OrderRow.lineColumns) FROM order_lines WHERE order_id = ?1 ORDER BY line_index"
    /// The payment account's currency and available funds (its stored balance, as
    /// `SQLiteAccountManager` counts it, plus the credit limit), when it is the owner's.
    static let paymentAccount = "SELECT currency, credit_limit + balance FROM accounts WHERE id = ?1 AND owner_id = ?2"
    /// The reversing entry of a payment debit: ?1 the debit's id, ?2 the new id, ?3 date, ?4 description.
    static let voidPayment = """
        INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount, reverses_id) \
        SELECT ?2, account_id, 'authorized', 'credit', ?3, ?4, amount, id FROM transactions WHERE id = ?1 AND direction = 'debit'
        """
    static let cancel = """
        UPDATE orders SET status = 'cancelled', cancelled_at = ?3, version = version + 1 \
        WHERE id = ?1 AND owner_id = ?2 AND status = 'placed'
        """

    /// The texts of the steps both gateways share.
    static let statements = OrderStatements(
        nextNumber: nextNumber, insert: insert, insertLine: insertLine, fetch: fetch, fetchLines: fetchLines,
        paymentAccount: paymentAccount, insertTransaction: SQLiteTransactionManager.insert, cancel: cancel, voidPayment: voidPayment)

    private let database: Database

    public init(database: Database) {
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
                try connection.execute("BEGIN")
                defer { _ = try? connection.execute("COMMIT") }
                return try OrderSteps.fetch(id: id, owner: owner, on: connection, Self.statements)
            }
        }
    }

    public func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        guard limit > 0 else { return [] }
        var values: [SQLValue] = [.text(owner.rawValue), SQLValue(status?.rawValue), .null, .null, .integer(Int64(limit))]
        if let cursor {
            guard cursor.fits(sort) else { return [] }
            switch cursor.key {
            case .placedAt(let date): values[2] = .integer(Milliseconds.from(date))
            case .orderTotal(let minor): values[2] = .integer(minor)
            }
            values[3] = .text(cursor.id.rawValue)
        }
        let sql = Self.listSQL(sort: sort, filtered: status != nil, resumed: cursor != nil)
        return try database.rows(sql, values, OrderRow.summary)
    }

    public func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        try GatewayError.mapping {
            try database.write { connection in try OrderSteps.cancel(id: id, owner: owner, at: date, on: connection, Self.statements) }
        }
    }

    /// The page query for one sort, with or without a status filter and a cursor. Parameters:
    /// ?1 owner, ?2 status, ?3 cursor key, ?4 cursor id, ?5 limit. The same arguments always
    /// give the same text, so every connection's statement cache hits.
    static func listSQL(sort: OrderSort, filtered: Bool, resumed: Bool) -> String {
        let column = switch sort {
        case .placedAtAscending, .placedAtDescending: "placed_at"
        case .orderTotalAscending, .orderTotalDescending: "order_total_minor"
        }
        let direction = sort.isDescending ? "DESC" : "ASC"
        var sql = "SELECT \(OrderRow.summaryColumns) FROM orders WHERE owner_id = ?1"
        if filtered { sql += " AND status = ?2" }
        if resumed { sql += " AND (\(column), id) \(sort.isDescending ? "<" : ">") (?3, ?4)" }
        sql += " ORDER BY \(column) \(direction), id \(direction) LIMIT ?5"
        return sql
    }
}
