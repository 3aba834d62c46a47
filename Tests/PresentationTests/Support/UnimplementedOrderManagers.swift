import Domain
import Foundation
import Testing

/// A ProductManager that fails the test when touched: input a Presenter refuses never reaches it.
struct UnimplementedProductManager: ProductManager {
    func list(after cursor: ProductCursor?, limit: Int) throws -> [Product] {
        Issue.record("product list called")
        return []
    }
    func fetch(id: ProductID) throws -> Product? {
        Issue.record("product fetch called")
        return nil
    }
    func fetch(ids: Set<ProductID>) throws -> [ProductID: Product] {
        Issue.record("product fetch called")
        return [:]
    }
}

/// An OrderManager that fails the test when touched.
struct UnimplementedOrderManager: OrderManager {
    func create(_ order: NewOrder) throws -> Order {
        Issue.record("order create called")
        throw GatewayError.failure("unimplemented")
    }
    func fetch(id: OrderID, owner: UserID) throws -> Order? {
        Issue.record("order fetch called")
        return nil
    }
    func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary] {
        Issue.record("order list called")
        return []
    }
    func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation {
        Issue.record("order cancel called")
        return .notFound
    }
}

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
