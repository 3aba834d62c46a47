import Domain
import Testing
@testable import SQLiteGateway

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
