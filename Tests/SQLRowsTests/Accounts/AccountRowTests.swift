import Domain
import Foundation
import SQLRows
import Testing

@Suite("AccountRow")
struct AccountRowTests {
    let account = Account(
        id: AccountID("a_1"), ownerID: UserID("u_alice"), name: "Savings", currency: .jpy, creditLimit: 50_000,
        createdAt: Date(timeIntervalSince1970: 1_795_000_000.123))

    @Test("an account reads back as it was written")
    func roundTrip() throws {
        #expect(try AccountRow.account(ValuesRow(AccountRow.values(of: account))) == account)
    }

    @Test("a currency this build does not know is a storage failure, not a guess")
    func unknownCurrency() {
        let row = ValuesRow(AccountRow.values(of: account)).replacing(3, with: .text("XYZ"))
        #expect(throws: GatewayError.failure("unreadable accounts.currency: XYZ")) { try AccountRow.account(row) }
    }
}
