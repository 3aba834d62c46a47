import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("AccountCreateTransformer")
struct AccountCreateTransformerTests {
    let accounts = InMemoryAccountManager()

    func create(_ name: String?, _ currency: String?) -> [AccountSceneOutputSpy.Event] {
        let spy = AccountSceneOutputSpy()
        AccountCreateTransformer(accounts: accounts, clock: FixedClock(), ids: SequentialIDGenerator())
            .transform(name: name, currencyCode: currency, owner: alice, output: spy)
        return spy.events
    }

    @Test("a new account is stored for the owner in its currency, with zero balance, available and credit limit")
    func creates() throws {
        let events = create("Travel", "JPY")
        let stored = try #require(accounts.all.first)
        #expect(stored == Account(id: AccountID("a_1"), ownerID: alice, name: "Travel", currency: .jpy, creditLimit: 0, createdAt: FixedClock().now()))
        let model = try AccountPresentationModel(stored, amounts: AccountAmounts(balance: 0, pending: 0))
        #expect(model.balance == Money(minor: 0, currency: .jpy) && model.available == model.balance && model.creditLimit == model.balance)
        #expect(events == [.created(model)])
    }

    @Test("every broken rule is reported at once and nothing is stored", arguments: [
        (String?.none, String?.none, [AccountFieldFailure(field: .name, rule: .required), AccountFieldFailure(field: .currency, rule: .required)]),
        ("", "", [AccountFieldFailure(field: .name, rule: .required), AccountFieldFailure(field: .currency, rule: .required)]),
        (String(repeating: "n", count: 101), "XYZ", [AccountFieldFailure(field: .name, rule: .tooLong), AccountFieldFailure(field: .currency, rule: .unknownCurrency)]),
        ("Travel", "cad", [AccountFieldFailure(field: .currency, rule: .unknownCurrency)]),
        ("Travel", "XAU", [AccountFieldFailure(field: .currency, rule: .unknownCurrency)]),
    ])
    func refuses(name: String?, currency: String?, failures: [AccountFieldFailure]) {
        #expect(create(name, currency) == [.validationFailures(failures)])
        #expect(accounts.all.isEmpty)
    }

    @Test("a name of exactly 100 code points is accepted")
    func longestName() {
        guard case .created = create(String(repeating: "é", count: 100), "EUR").first else {
            Issue.record("100 code points refused")
            return
        }
    }

    @Test("a storage failure is reported as such")
    func storage() {
        accounts.failure.withLock { $0 = .unavailable("locked") }
        #expect(create("Travel", "CAD") == [.storageUnavailable])
    }
}
