import Foundation

/// An order as a list shows it: no lines, no addresses.
public struct OrderSummary: Equatable, Sendable {
    public var id: OrderID
    public var number: OrderNumber
    public var status: OrderStatus
    public var placedAt: Date
    public var customer: Customer
    public var orderTotal: Money

    public init(id: OrderID, number: OrderNumber, status: OrderStatus, placedAt: Date, customer: Customer, orderTotal: Money) {
        self.id = id
        self.number = number
        self.status = status
        self.placedAt = placedAt
        self.customer = customer
        self.orderTotal = orderTotal
    }

    /// The summary of a full order.
    public init(_ order: Order) {
        self.init(
            id: order.id, number: order.number, status: order.status, placedAt: order.placedAt, customer: order.customer,
            orderTotal: order.orderTotal)
    }
}
