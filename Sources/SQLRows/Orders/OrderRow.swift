import Domain
import Foundation

/// How an `Order` is laid out in `orders` and `order_lines`, both ways.
public enum OrderRow {
    /// The columns an order is read from and written to, in row order.
    public enum Column: Int32, SQLColumn {
        case id, owner_id, number, status, placed_at, cancelled_at
        case customer_first_name, customer_last_name, customer_email, customer_phone
        case billing_street, billing_street2, billing_city, billing_province, billing_postal_code, billing_country
        case shipment_street, shipment_street2, shipment_city, shipment_province, shipment_postal_code, shipment_country
        case shipment_speed, shipment_cost_minor, item_total_minor, tax_minor, order_total_minor, currency, pay_from_account_id
        case payment_transaction_id, version

        /// `orders`.
        public static var table: String { "orders" }
    }

    /// The columns of an order's list row, in row order.
    public enum SummaryColumn: Int32, SQLColumn {
        case id, number, status, placed_at, customer_first_name, customer_last_name, customer_email, customer_phone
        case order_total_minor, currency

        /// `orders`.
        public static var table: String { "orders" }
    }

    /// The columns a line is read from and written to, in row order.
    public enum LineColumn: Int32, SQLColumn {
        case order_id, line_index, product_id, name, quantity, unit_price_minor, line_total_minor

        /// `order_lines`.
        public static var table: String { "order_lines" }
    }

    /// The columns `order(_:)` reads, in its order.
    public static let columns = Column.selectList
    /// The columns `summary(_:)` reads, in its order.
    public static let summaryColumns = SummaryColumn.selectList
    /// The columns `line(_:currency:)` reads, in its order.
    public static let lineColumns = LineColumn.selectList
    /// A new order, with `insertValues(of:number:)`.
    public static let insert = SQLColumnText.insert(into: Column.table, Column.allCases.map(\.name))
    /// One line, with `lineValues(_:index:of:)`.
    public static let insertLine = SQLColumnText.insert(into: LineColumn.table, LineColumn.allCases.map(\.name))

    /// Parameters of `insert`: the new order, placed, with `number`, version 1.
    public static func insertValues(of order: NewOrder, number: OrderNumber) -> [SQLValue] {
        Column.allCases.map { value($0, of: Order(order, number: number)) }
    }

    /// What `order` stores in `column`.
    public static func value(_ column: Column, of order: Order) -> SQLValue {
        switch column {
        case .id: .text(order.id.rawValue)
        case .owner_id: .text(order.ownerID.rawValue)
        case .number: .text(order.number.rawValue)
        case .status: .text(order.status.rawValue)
        case .placed_at: .integer(Milliseconds.from(order.placedAt))
        case .cancelled_at: order.cancelledAt.map { .integer(Milliseconds.from($0)) } ?? .null
        case .customer_first_name: .text(order.customer.firstName)
        case .customer_last_name: .text(order.customer.lastName)
        case .customer_email: .text(order.customer.email)
        case .customer_phone: SQLValue(order.customer.phone)
        case .billing_street: SQLValue(order.billingAddress.street)
        case .billing_street2: SQLValue(order.billingAddress.street2)
        case .billing_city: SQLValue(order.billingAddress.city)
        case .billing_province: SQLValue(order.billingAddress.province)
        case .billing_postal_code: SQLValue(order.billingAddress.postalCode)
        case .billing_country: SQLValue(order.billingAddress.country)
        case .shipment_street: SQLValue(order.shipmentAddress.street)
        case .shipment_street2: SQLValue(order.shipmentAddress.street2)
        case .shipment_city: SQLValue(order.shipmentAddress.city)
        case .shipment_province: SQLValue(order.shipmentAddress.province)
        case .shipment_postal_code: SQLValue(order.shipmentAddress.postalCode)
        case .shipment_country: SQLValue(order.shipmentAddress.country)
        case .shipment_speed: .text(order.shipment.speed.rawValue)
        case .shipment_cost_minor: .integer(order.shipment.cost.minor)
        case .item_total_minor: .integer(order.itemTotal.minor)
        case .tax_minor: .integer(order.tax.minor)
        case .order_total_minor: .integer(order.orderTotal.minor)
        case .currency: .text(order.orderTotal.currency.code)
        case .pay_from_account_id: SQLValue(order.payment?.accountID.rawValue)
        case .payment_transaction_id: SQLValue(order.payment?.transactionID)
        case .version: .integer(Int64(order.version))
        }
    }

    /// Parameters of `insertLine`: line `index` of order `id`.
    public static func lineValues(_ line: OrderLine, index: Int, of id: OrderID) -> [SQLValue] {
        LineColumn.allCases.map { column in
            switch column {
            case .order_id: .text(id.rawValue)
            case .line_index: .integer(Int64(index))
            case .product_id: .text(line.productID.rawValue)
            case .name: .text(line.name)
            case .quantity: .integer(Int64(line.quantity))
            case .unit_price_minor: .integer(line.unitPrice.minor)
            case .line_total_minor: .integer(line.lineTotal.minor)
            }
        }
    }

    /// An order from a row selected with `columns`, without its lines (read apart); a NULL where
    /// the schema forbids one, or an unknown status, speed or currency, is storage corruption.
    @inlinable
    public static func order<Row: SQLRow>(_ row: Row) throws(GatewayError) -> Order {
        let row = row.columns(Column.self)
        let currency = try self.currency(try row.required(.currency), Column.currency)
        let stored: String = try row.required(.status)
        let speedName: String = try row.required(.shipment_speed)
        guard let status = OrderStatus(rawValue: stored) else { throw SQLReadFailure.unreadable(Column.status, stored) }
        guard let speed = ShipmentSpeed(rawValue: speedName) else { throw SQLReadFailure.unreadable(Column.shipment_speed, speedName) }
        func money(_ column: Column) throws(GatewayError) -> Money { Money(minor: try row.required(column), currency: currency) }
        let new = NewOrder(
            id: OrderID(try row.required(.id)), ownerID: UserID(try row.required(.owner_id)), placedAt: try row.required(.placed_at),
            customer: Customer(
                firstName: try row.required(.customer_first_name), lastName: try row.required(.customer_last_name),
                email: try row.required(.customer_email), phone: row.optional(.customer_phone)),
            billingAddress: PostalAddress(
                street: row.optional(.billing_street), street2: row.optional(.billing_street2), city: row.optional(.billing_city),
                province: row.optional(.billing_province), postalCode: row.optional(.billing_postal_code), country: row.optional(.billing_country)),
            shipmentAddress: PostalAddress(
                street: row.optional(.shipment_street), street2: row.optional(.shipment_street2), city: row.optional(.shipment_city),
                province: row.optional(.shipment_province), postalCode: row.optional(.shipment_postal_code),
                country: row.optional(.shipment_country)),
            shipment: ShipmentMethod(speed: speed, cost: try money(.shipment_cost_minor)), lines: [], itemTotal: try money(.item_total_minor),
            tax: try money(.tax_minor), orderTotal: try money(.order_total_minor),
            payment: row.optional(.pay_from_account_id, as: String.self).map {
                OrderPayment(accountID: AccountID($0), transactionID: row.optional(.payment_transaction_id))
            })
        return Order(
            new, number: OrderNumber(try row.required(.number)), status: status, cancelledAt: row.optional(.cancelled_at),
            version: try row.required(.version))
    }

    /// A list row from a row selected with `summaryColumns`.
    @inlinable
    public static func summary<Row: SQLRow>(_ row: Row) throws(GatewayError) -> OrderSummary {
        let row = row.columns(SummaryColumn.self)
        let currency = try self.currency(try row.required(.currency), SummaryColumn.currency)
        let stored: String = try row.required(.status)
        guard let status = OrderStatus(rawValue: stored) else { throw SQLReadFailure.unreadable(SummaryColumn.status, stored) }
        return OrderSummary(
            id: OrderID(try row.required(.id)), number: OrderNumber(try row.required(.number)), status: status,
            placedAt: try row.required(.placed_at),
            customer: Customer(
                firstName: try row.required(.customer_first_name), lastName: try row.required(.customer_last_name),
                email: try row.required(.customer_email), phone: row.optional(.customer_phone)),
            orderTotal: Money(minor: try row.required(.order_total_minor), currency: currency))
    }

    /// A line from a row selected with `lineColumns`, in the order's currency.
    @inlinable
    public static func line<Row: SQLRow>(_ row: Row, currency: Currency) throws(GatewayError) -> OrderLine {
        let row = row.columns(LineColumn.self)
        return OrderLine(
            productID: ProductID(try row.required(.product_id)), name: try row.required(.name), quantity: try row.required(.quantity),
            unitPrice: Money(minor: try row.required(.unit_price_minor), currency: currency),
            lineTotal: Money(minor: try row.required(.line_total_minor), currency: currency))
    }

    /// The currency of `code`, read from `column`; an unknown one is storage corruption, a failure.
    @inlinable
    public static func currency<Column: SQLColumn>(_ code: String, _ column: Column) throws(GatewayError) -> Currency {
        guard let currency = Currency(code: code) else { throw SQLReadFailure.unreadable(column, code) }
        return currency
    }
}
