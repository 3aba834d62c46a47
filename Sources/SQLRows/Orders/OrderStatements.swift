import Domain

/// The SQL texts `OrderSteps` runs, written once with `?N` placeholders (PostgreSQL's connection
/// numbers them its own way); parameters as each property says. Where a decision must hold
/// against concurrent writers, the one difference between the dialects is passed in: PostgreSQL
/// locks the payment account (`paymentAccountLock: " FOR UPDATE"`); SQLite has one writer.
public struct OrderStatements: Sendable {
    /// Takes the next order number: one row, one column. On PostgreSQL the counter row's lock
    /// serializes the creators: each waits for the one before to commit and then increments what
    /// it stored, so no number is handed out twice, from any process.
    public let nextNumber = "UPDATE order_number_counter SET last_value = last_value + 1 WHERE singleton = 1 RETURNING last_value"
    /// Inserts an order: parameters `OrderRow.insertValues`.
    public let insert = OrderRow.insert
    /// Inserts one line: parameters `OrderRow.lineValues`.
    public let insertLine = OrderRow.insertLine
    /// Selects `OrderRow.columns` of the order with id 1 and owner 2.
    public let fetch = "SELECT \(OrderRow.columns) FROM orders WHERE id = ?1 AND owner_id = ?2"
    /// Selects `OrderRow.lineColumns` of the lines of order 1, in their order.
    public let fetchLines = "SELECT \(OrderRow.lineColumns) FROM order_lines WHERE order_id = ?1 ORDER BY line_index"
    /// Inserts a transaction: parameters `TransactionRow.values`.
    public let insertTransaction = TransactionRow.insert
    /// Cancels order 1 of owner 2 at time 3 when it is still placed. On PostgreSQL the row lock
    /// makes a concurrent cancel wait and then find the order no longer placed, so exactly one
    /// cancel voids the payment.
    public let cancel = """
        UPDATE orders SET status = 'cancelled', cancelled_at = ?3, version = version + 1 \
        WHERE id = ?1 AND owner_id = ?2 AND status = 'placed'
        """
    /// Inserts the reversing entry of debit 1 with id 2, date 3 and description 4.
    public let voidPayment = """
        INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount, reverses_id) \
        SELECT ?2, account_id, 'authorized', 'credit', ?3, ?4, amount, id FROM transactions WHERE id = ?1 AND direction = 'debit'
        """
    /// Selects the currency and available funds (the stored balance plus the credit limit, less
    /// what pending transfers hold) of
    /// account 1 when owner 2 owns it, locked as the dialect needs: on PostgreSQL the row stays
    /// locked until the order commits, so a concurrent order, transfer or import on it waits and
    /// the funds read here are still there when the debit is written (`FOR UPDATE` reads the
    /// newest committed row, even when it waited for another writer's).
    public let paymentAccount: String

    /// The texts of a dialect whose payment account read ends with `paymentAccountLock`.
    public init(paymentAccountLock: String) {
        paymentAccount = "SELECT currency, credit_limit + balance - pending_debits FROM accounts WHERE id = ?1 AND owner_id = ?2\(paymentAccountLock)"
    }

    /// The page query for one sort, with or without a status filter and a cursor. Parameters,
    /// numbered in this order and only when named (PostgreSQL refuses an unnamed one): ?1 owner,
    /// the status, the cursor key and id, the limit. The same
    /// arguments always give the same text, so every connection's prepared statement is reused;
    /// the casts tell PostgreSQL the types of a row comparison's parameters.
    public static func list(sort: OrderSort, filtered: Bool, resumed: Bool) -> String {
        let column = switch sort {
        case .placedAtAscending, .placedAtDescending: "placed_at"
        case .orderTotalAscending, .orderTotalDescending: "order_total_minor"
        }
        let direction = sort.isDescending ? "DESC" : "ASC"
        var next = 2
        func parameter() -> String {
            defer { next += 1 }
            return "?\(next)"
        }
        var sql = "SELECT \(OrderRow.summaryColumns) FROM orders WHERE owner_id = ?1"
        if filtered { sql += " AND status = \(parameter())" }
        if resumed {
            sql += " AND (\(column), id) \(sort.isDescending ? "<" : ">") (CAST(\(parameter()) AS BIGINT), CAST(\(parameter()) AS TEXT))"
        }
        sql += " ORDER BY \(column) \(direction), id \(direction) LIMIT \(parameter())"
        return sql
    }
}
