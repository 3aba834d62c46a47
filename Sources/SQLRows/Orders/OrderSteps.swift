import Domain
import Foundation

/// Creating, reading and cancelling an order: the same steps on both gateways, apart from the
/// SQL each passes (`OrderStatements`). Each runs on a connection inside the transaction its
/// gateway opened; what keeps the steps atomic against other writers (SQLite's single writer,
/// PostgreSQL's row locks) is the gateway's and its SQL's.
public enum OrderSteps {
    /// Checks the payment account, takes a number, stores the order, its lines and its payment
    /// debit. A refusal is returned before anything is written.
    @inlinable
    public static func create<Connection: SQLConnection>(
        _ order: NewOrder, on connection: Connection, _ sql: OrderStatements
    ) throws -> OrderCreation {
        if let payment = order.payment {
            let account = try connection.rows(sql.paymentAccount, [.text(payment.accountID.rawValue), .text(order.ownerID.rawValue)]) {
                ($0.string(at: 0), $0.int64(at: 1))
            }.first
            guard let account else { return .paymentAccountNotFound }
            guard account.0 == order.orderTotal.currency.code else { return .paymentCurrencyMismatch }
            guard order.orderTotal.minor <= account.1 else { return .insufficientFunds }
        }
        let sequence = try connection.rows(sql.nextNumber, []) { $0.int64(at: 0) }.first
        guard let sequence else { throw GatewayError.failure("order_number_counter has no row") }
        let number = OrderNumber(sequence: sequence)
        // Nothing reads what the inserts return: they go out with the commit.
        try connection.enqueue(sql.insert, OrderRow.insertValues(of: order, number: number))
        for (index, line) in order.lines.enumerated() {
            try connection.enqueue(sql.insertLine, OrderRow.lineValues(line, index: index, of: order.id))
        }
        if let payment = order.payment {
            try connection.enqueue(sql.insertTransaction, TransactionRow.values(of: try paymentDebit(payment, of: order, number: number)))
        }
        let created = Order(order, number: number)
        try OutboxSteps.append([.orderPlaced(created)], on: connection)
        return .created(created)
    }

    /// The order `id` of `owner` with its lines, or nil; call inside one snapshot, so a
    /// concurrent write cannot split the order from its lines.
    @inlinable
    public static func fetch<Connection: SQLConnection>(
        id: OrderID, owner: UserID, on connection: Connection, _ sql: OrderStatements
    ) throws -> Order? {
        guard var order = try connection.rows(sql.fetch, [.text(id.rawValue), .text(owner.rawValue)], OrderRow.order).first else {
            return nil
        }
        let currency = order.orderTotal.currency
        order.lines = try connection.rows(sql.fetchLines, [.text(id.rawValue)]) { try OrderRow.line($0, currency: currency) }
        return order
    }

    /// Cancels a placed order and voids its payment debit with a reversing credit.
    @inlinable
    public static func cancel<Connection: SQLConnection>(
        id: OrderID, owner: UserID, at date: Date, on connection: Connection, _ sql: OrderStatements
    ) throws -> OrderCancellation {
        let changed = try connection.run(sql.cancel, [.text(id.rawValue), .text(owner.rawValue), .integer(Milliseconds.from(date))])
        guard let order = try fetch(id: id, owner: owner, on: connection, sql) else { return .notFound }
        guard changed == 1 else { return .notPlaced(order) }
        if let debit = order.payment?.transactionID {
            guard let day = CalendarDate(utc: date) else { throw GatewayError.failure("cancellation date \(date) has no calendar day") }
            // A credit needs no funds check. On PostgreSQL the balance trigger takes the account's
            // row lock after the order's, as no other write takes them in the other order.
            let voided = try connection.run(sql.voidPayment, [
                .text(debit), .text(debit + "_void"), .text(day.description), .text("Void: Order \(order.number)"),
            ])
            // A missing debit would make the cancellation unexplainable: refuse it whole.
            guard voided == 1 else { throw GatewayError.failure("order \(id) has no payment debit \(debit) to void") }
        }
        try OutboxSteps.append([.orderCancelled(order, at: date)], on: connection)
        return .cancelled(order)
    }

    /// The authorized debit of the order total that pays `order`.
    @usableFromInline
    static func paymentDebit(_ payment: OrderPayment, of order: NewOrder, number: OrderNumber) throws -> Transaction {
        guard let id = payment.transactionID, let day = CalendarDate(utc: order.placedAt) else {
            throw GatewayError.failure("order \(order.id) payment has no transaction id or date")
        }
        return Transaction(
            id: TransactionID(id), accountID: payment.accountID, group: .authorized, direction: .debit, date: day,
            description: "Order \(number)", amount: order.orderTotal.minor)
    }
}
