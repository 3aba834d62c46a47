import Domain
import Foundation

/// The fixed pieces of an order for presenter tests.
enum OrderFixture {
    static let placed = Date(timeIntervalSince1970: 1_795_000_000)
    static let address = PostalAddress(street: "1 Main St", city: "Toronto", province: "ON", postalCode: "M5V 1A1", country: "CA")

    static func order(speed: ShipmentSpeed = .twoDay, status: OrderStatus = .placed, version: Int = 1) -> OrderPresentationModel {
        let cad = { (minor: Int64) in Money(minor: minor, currency: .cad) }
        let new = NewOrder(
            id: OrderID("o_1"), ownerID: Fixture.owner, placedAt: placed,
            customer: Customer(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com"), billingAddress: address,
            shipmentAddress: address, shipment: ShipmentMethod(speed: speed, cost: cad(1500)),
            lines: [OrderLine(productID: ProductID("p_pen_set"), name: "Gel Pen Set (12)", quantity: 3, unitPrice: cad(899), lineTotal: cad(2697))],
            itemTotal: cad(2697), tax: cad(351), orderTotal: cad(4548))
        return OrderPresentationModel(Order(
            new, number: OrderNumber(sequence: 123), status: status, cancelledAt: status == .cancelled ? placed : nil, version: version))
    }
}
