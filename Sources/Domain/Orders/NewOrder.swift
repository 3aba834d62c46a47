import Foundation

/// An order ready to store: everything but what storage assigns (number, status, version).
public struct NewOrder: Equatable, Sendable {
    public var id: OrderID
    public var ownerID: UserID
    public var placedAt: Date
    public var customer: Customer
    public var billingAddress: PostalAddress
    public var shipmentAddress: PostalAddress
    public var shipment: ShipmentMethod
    public var lines: [OrderLine]
    public var itemTotal: Money
    public var tax: Money
    public var orderTotal: Money
    public var payment: OrderPayment?

    public init(
        id: OrderID, ownerID: UserID, placedAt: Date, customer: Customer, billingAddress: PostalAddress,
        shipmentAddress: PostalAddress, shipment: ShipmentMethod, lines: [OrderLine], itemTotal: Money, tax: Money,
        orderTotal: Money, payment: OrderPayment? = nil
    ) {
        self.id = id
        self.ownerID = ownerID
        self.placedAt = placedAt
        self.customer = customer
        self.billingAddress = billingAddress
        self.shipmentAddress = shipmentAddress
        self.shipment = shipment
        self.lines = lines
        self.itemTotal = itemTotal
        self.tax = tax
        self.orderTotal = orderTotal
        self.payment = payment
    }
}
