import Domain
import Foundation

extension NewOrder {
    /// An order of `owner` placed at `placedAt` (Unix seconds, millisecond-exact) totalling `total`
    /// cents, with two lines and both addresses.
    public static func fixture(id: String, owner: String = "u_alice", placedAt: TimeInterval = 1_795_000_000.123, total: Int64 = 10_000) -> NewOrder {
        func cad(_ minor: Int64) -> Money { Money(minor: minor, currency: .cad) }
        let lines = [
            OrderLine(productID: ProductID("p_pen_set"), name: "Gel Pen Set (12)", quantity: 2, unitPrice: cad(899), lineTotal: cad(1798)),
            OrderLine(productID: ProductID("p_mouse"), name: "Wireless Mouse", quantity: 1, unitPrice: cad(3999), lineTotal: cad(3999)),
        ]
        return NewOrder(
            id: OrderID(id), ownerID: UserID(owner), placedAt: Date(timeIntervalSince1970: placedAt),
            customer: Customer(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: nil),
            billingAddress: PostalAddress(street: "1 Main St", street2: "Apt 4", city: "Toronto", province: "ON", postalCode: "M5V 1A1", country: "CA"),
            shipmentAddress: PostalAddress(street: "2 Elm St", city: "Ottawa", postalCode: "K1A 0B1", country: "CA"),
            shipment: ShipmentMethod(speed: .twoDay, cost: cad(1500)), lines: lines, itemTotal: cad(5797), tax: cad(754),
            orderTotal: cad(total), payment: nil)
    }
}
