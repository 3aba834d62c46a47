import Foundation

/// A stored order: what was bought, by whom, shipped where, and what it cost.
public struct Order: Equatable, Sendable {
    public var id: OrderID
    public var ownerID: UserID
    public var number: OrderNumber
    public var status: OrderStatus
    public var placedAt: Date
    public var cancelledAt: Date?
    public var customer: Customer
    public var billingAddress: PostalAddress
    public var shipmentAddress: PostalAddress
    public var shipment: ShipmentMethod
    public var lines: [OrderLine]
    /// The sum of the line totals.
    public var itemTotal: Money
    /// On the item total only; shipping is not taxed.
    public var tax: Money
    /// Item total + tax + shipping.
    public var orderTotal: Money
    public var payment: OrderPayment?
    /// Bumped on every change; the ETag is made from it.
    public var version: Int

    /// `new` as storage keeps it once it has a number.
    public init(_ new: NewOrder, number: OrderNumber, status: OrderStatus = .placed, cancelledAt: Date? = nil, version: Int = 1) {
        id = new.id
        ownerID = new.ownerID
        self.number = number
        self.status = status
        placedAt = new.placedAt
        self.cancelledAt = cancelledAt
        customer = new.customer
        billingAddress = new.billingAddress
        shipmentAddress = new.shipmentAddress
        shipment = new.shipment
        lines = new.lines
        itemTotal = new.itemTotal
        tax = new.tax
        orderTotal = new.orderTotal
        payment = new.payment
        self.version = version
    }
}
