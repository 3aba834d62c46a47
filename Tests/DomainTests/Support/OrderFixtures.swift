import Domain
import Foundation

func cad(_ minor: Int64) -> Money { Money(minor: minor, currency: .cad) }

func product(_ id: String, _ name: String, _ minor: Int64) -> Product {
    Product(id: ProductID(id), name: name, price: cad(minor))
}

let keyboard = product("p_keyboard", "Keyboard", 12900)
let pens = product("p_pens", "Pens", 899)
let syrup = product("p_syrup", "Syrup", 1250)
let catalog = InMemoryProductManager([keyboard, pens, syrup])

let fullAddress = PostalAddress(street: "1 Main St", city: "Toronto", province: "ON", postalCode: "M5V 1A1", country: "CA")

/// A request with every mandatory field, for the given items.
func orderRequest(_ items: [OrderCreateRequest.Item]?, speed: ShipmentSpeed? = .standard) -> OrderCreateRequest {
    OrderCreateRequest(
        firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555-0100", billingAddress: fullAddress,
        shipmentAddress: fullAddress, shipmentSpeed: speed, items: items)
}

func item(_ product: Product?, _ quantity: Int?) -> OrderCreateRequest.Item {
    OrderCreateRequest.Item(productID: product?.id, quantity: quantity)
}

/// A stored order of `owner` with the given total and time, for list and cancel tests.
func storedOrder(
    _ id: String, owner: UserID = alice, number: Int64 = 1, status: OrderStatus = .placed, placedAt: TimeInterval = 1_795_000_000,
    total: Int64 = 1000
) -> Order {
    let new = NewOrder(
        id: OrderID(id), ownerID: owner, placedAt: Date(timeIntervalSince1970: placedAt),
        customer: Customer(firstName: "Ada", lastName: "Lovelace", email: "ada@example.com"), billingAddress: fullAddress,
        shipmentAddress: fullAddress, shipment: ShipmentMethod(speed: .standard, cost: cad(500)),
        lines: [OrderLine(productID: pens.id, name: pens.name, quantity: 1, unitPrice: cad(total), lineTotal: cad(total))],
        itemTotal: cad(total), tax: cad(0), orderTotal: cad(total))
    return Order(new, number: OrderNumber(sequence: number), status: status, cancelledAt: status == .cancelled ? new.placedAt : nil)
}
