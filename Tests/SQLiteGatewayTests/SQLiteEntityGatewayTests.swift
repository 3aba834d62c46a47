import Foundation
import Domain
import GatewayTestSupport
import SQLRows
@testable import SQLiteGateway
import Testing

@Suite("SQLiteEntityGateway")
struct SQLiteEntityGatewayTests {
    @Test("the gateway is available and its contacts manager reaches the database")
    func gatewayWiring() throws {
        let temporary = try TemporaryDatabase()
        let gateway: any EntityGateway = SQLiteEntityGateway(database: temporary.database)

        try gateway.contacts.insert(.fixture(id: "c_1", firstName: "Ada"))

        #expect(gateway.isAvailable())
        #expect(try gateway.contacts.fetch(id: ContactID("c_1"), owner: UserID("u_alice"))?.firstName == "Ada")
    }
}

@Suite("SQLiteEntityGateway orders")
struct SQLiteEntityGatewayOrdersTests {
    @Test("the gateway's products, orders and idempotency managers reach the database")
    func orderWiring() throws {
        let temporary = try TemporaryDatabase()
        let gateway: any EntityGateway = SQLiteEntityGateway(database: temporary.database)

        #expect(try gateway.products.fetch(id: ProductID("p_mouse"))?.name == "Wireless Mouse")
        #expect(try gateway.orders.placed(.fixture(id: "o_1")).number == OrderNumber("SO-000001"))
        #expect(try gateway.idempotency.reserve(owner: UserID("u_alice"), key: IdempotencyKey("k")!, fingerprint: "f", now: .now) == .reserved)
    }
}
