/// The shipment an order was placed with, at the cost of that moment.
public struct ShipmentMethod: Equatable, Sendable {
    public var speed: ShipmentSpeed
    public var cost: Money

    public init(speed: ShipmentSpeed, cost: Money) {
        self.speed = speed
        self.cost = cost
    }
}
