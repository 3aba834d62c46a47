import Domain
import Foundation
import Testing

@Suite("UserManager contract")
struct UserManagerContractTests {
    @Test("a registered user is found by id and by email", arguments: Backend.allCases)
    func registeredUserIsFound(backend: Backend) throws {
        let store = try backend.makeStore()
        let byID = try store.gateway.users.fetch(id: UserID("u_alice"))
        let byEmail = try store.gateway.users.fetch(email: "u_alice@example.com")
        #expect(byID?.email == "u_alice@example.com")
        #expect(byEmail?.id == UserID("u_alice"))
        #expect(try store.gateway.users.fetch(id: UserID("u_missing")) == nil)
    }
}
