import Foundation

/// An order as use cases report it: entity data, unformatted.
public struct OrderPresentationModel: Equatable, Sendable {
    public let id: OrderID
    public let number: OrderNumber
    public let status: OrderStatus
    public let placedAt: Date
    public let cancelledAt: Date?
    public let customer: Customer
    public let billingAddress: PostalAddress
    public let shipmentAddress: PostalAddress
    public let shipment: ShipmentMethod
    public let lines: [OrderLine]
    public let itemTotal: Money
    public let tax: Money
    public let orderTotal: Money
    public let payment: OrderPayment?
    public let version: Int

    public init(_ order: Order) {
        id = order.id
        number = order.number
        status = order.status
        placedAt = order.placedAt
        cancelledAt = order.cancelledAt
        customer = order.customer
        billingAddress = order.billingAddress
        shipmentAddress = order.shipmentAddress
        shipment = order.shipment
        lines = order.lines
        itemTotal = order.itemTotal
        tax = order.tax
        orderTotal = order.orderTotal
        payment = order.payment
        version = order.version
    }
}

/// An order as a list row needs it.
public struct OrderSummaryPresentationModel: Equatable, Sendable {
    public let id: OrderID
    public let number: OrderNumber
    public let status: OrderStatus
    public let placedAt: Date
    public let customerFirstName: String
    public let customerLastName: String
    public let email: String
    public let orderTotal: Money

    public init(_ summary: OrderSummary) {
        id = summary.id
        number = summary.number
        status = summary.status
        placedAt = summary.placedAt
        customerFirstName = summary.customer.firstName
        customerLastName = summary.customer.lastName
        email = summary.customer.email
        orderTotal = summary.orderTotal
    }
}
