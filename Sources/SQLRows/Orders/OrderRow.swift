import Domain
import Foundation

/// How an `Order` is laid out in `orders` and `order_lines`, both ways.
public enum OrderRow {
    /// The columns `order(_:lines:)` reads, in its order.
    public static let columns = """
        id, owner_id, number, status, placed_at, cancelled_at, customer_first_name, customer_last_name, customer_email, \
        customer_phone, billing_street, billing_street2, billing_city, billing_province, billing_postal_code, billing_country, \
        shipment_street, shipment_street2, shipment_city, shipment_province, shipment_postal_code, shipment_country, \
        shipment_speed, shipment_cost_minor, item_total_minor, tax_minor, order_total_minor, currency, pay_from_account_id, \
        payment_transaction_id, version
        """
    /// The columns `summary(_:)` reads, in its order.
    public static let summaryColumns = """
        id, number, status, placed_at, customer_first_name, customer_last_name, customer_email, customer_phone, \
        order_total_minor, currency
        """
    /// The columns `line(_:currency:)` reads, in its order.
    public static let lineColumns = "product_id, name, quantity, unit_price_minor, line_total_minor"

    /// Parameters 1…29 of each gateway's order insert; 3 is the number.
    public static func insertValues(of order: NewOrder, number: OrderNumber) -> [SQLValue] {
        [
            .text(order.id.rawValue), .text(order.ownerID.rawValue), .text(number.rawValue), .text(OrderStatus.placed.rawValue),
            .integer(Milliseconds.from(order.placedAt)), .text(order.customer.firstName), .text(order.customer.lastName),
            .text(order.customer.email), SQLValue(order.customer.phone),
        ] + values(of: order.billingAddress) + values(of: order.shipmentAddress) + [
            .text(order.shipment.speed.rawValue), .integer(order.shipment.cost.minor), .integer(order.itemTotal.minor),
            .integer(order.tax.minor), .integer(order.orderTotal.minor), .text(order.orderTotal.currency.code),
            SQLValue(order.payment?.accountID.rawValue), SQLValue(order.payment?.transactionID),
        ]
    }

    /// Parameters 1…7 of each gateway's `insertLine`.
    public static func lineValues(_ line: OrderLine, index: Int, of id: OrderID) -> [SQLValue] {
        [
            .text(id.rawValue), .integer(Int64(index)), .text(line.productID.rawValue), .text(line.name),
            .integer(Int64(line.quantity)), .integer(line.unitPrice.minor), .integer(line.lineTotal.minor),
        ]
    }

    private static func values(of address: PostalAddress) -> [SQLValue] {
        [
            SQLValue(address.street), SQLValue(address.street2), SQLValue(address.city), SQLValue(address.province),
            SQLValue(address.postalCode), SQLValue(address.country),
        ]
    }

    /// An order from a row selected with `columns`, without its lines (read apart).
    @inlinable
    public static func order<Row: SQLRow>(_ row: Row) throws -> Order {
        let currency = try self.currency(row.string(at: 27))
        guard let status = OrderStatus(rawValue: row.string(at: 3) ?? ""),
            let speed = ShipmentSpeed(rawValue: row.string(at: 22) ?? "")
        else { throw GatewayError.failure("order \(row.string(at: 0) ?? "?") has an unknown status or speed") }
        func money(_ column: Int32) -> Money { Money(minor: row.int64(at: column), currency: currency) }
        let new = NewOrder(
            id: OrderID(row.string(at: 0) ?? ""), ownerID: UserID(row.string(at: 1) ?? ""),
            placedAt: Milliseconds.date(row.int64(at: 4)),
            customer: Customer(firstName: row.string(at: 6) ?? "", lastName: row.string(at: 7) ?? "", email: row.string(at: 8) ?? "", phone: row.string(at: 9)),
            billingAddress: address(row, from: 10), shipmentAddress: address(row, from: 16),
            shipment: ShipmentMethod(speed: speed, cost: money(23)), lines: [], itemTotal: money(24), tax: money(25),
            orderTotal: money(26),
            payment: row.string(at: 28).map { OrderPayment(accountID: AccountID($0), transactionID: row.string(at: 29)) })
        return Order(
            new, number: OrderNumber(row.string(at: 2) ?? ""), status: status,
            cancelledAt: row.isNull(at: 5) ? nil : Milliseconds.date(row.int64(at: 5)), version: row.int(at: 30))
    }

    /// A list row from a row selected with `summaryColumns`.
    @inlinable
    public static func summary<Row: SQLRow>(_ row: Row) throws -> OrderSummary {
        let currency = try self.currency(row.string(at: 9))
        guard let status = OrderStatus(rawValue: row.string(at: 2) ?? "") else {
            throw GatewayError.failure("order \(row.string(at: 0) ?? "?") has an unknown status")
        }
        return OrderSummary(
            id: OrderID(row.string(at: 0) ?? ""), number: OrderNumber(row.string(at: 1) ?? ""), status: status,
            placedAt: Milliseconds.date(row.int64(at: 3)),
            customer: Customer(firstName: row.string(at: 4) ?? "", lastName: row.string(at: 5) ?? "", email: row.string(at: 6) ?? "", phone: row.string(at: 7)),
            orderTotal: Money(minor: row.int64(at: 8), currency: currency))
    }

    /// A line from a row selected with `lineColumns`, in the order's currency.
    @inlinable
    public static func line<Row: SQLRow>(_ row: Row, currency: Currency) -> OrderLine {
        OrderLine(
            productID: ProductID(row.string(at: 0) ?? ""), name: row.string(at: 1) ?? "", quantity: row.int(at: 2),
            unitPrice: Money(minor: row.int64(at: 3), currency: currency), lineTotal: Money(minor: row.int64(at: 4), currency: currency))
    }

    /// The currency of `code`; an unknown or missing one is storage corruption, a failure.
    @inlinable
    public static func currency(_ code: String?) throws -> Currency {
        guard let currency = Currency(code: code ?? "") else { throw GatewayError.failure("unknown currency \(code ?? "NULL")") }
        return currency
    }

    @usableFromInline
    static func address<Row: SQLRow>(_ row: Row, from column: Int32) -> PostalAddress {
        PostalAddress(
            street: row.string(at: column), street2: row.string(at: column + 1), city: row.string(at: column + 2),
            province: row.string(at: column + 3), postalCode: row.string(at: column + 4), country: row.string(at: column + 5))
    }
}
