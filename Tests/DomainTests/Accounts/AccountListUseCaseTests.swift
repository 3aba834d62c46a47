import Domain
import Foundation
import Synchronization
import Testing

@Suite("AccountListUseCase and AccountShowUseCase")
struct AccountListUseCaseTests {
    @Test("a page lists the owner's accounts oldest first with balances, and a cursor when more follow")
    func page() throws {
        let manager = InMemoryAccountManager([
            account("a_2", createdAt: 2), account("a_1", createdAt: 1), account("a_3", createdAt: 3), account("a_9", owner: bob, createdAt: 0),
        ])
        manager.balances.withLock { $0 = [AccountID("a_1"): -1500, AccountID("a_2"): 250] }
        let spy = AccountSceneOutputSpy()
        AccountListUseCase(accounts: manager, owner: alice).eventList(after: nil, limit: 2, output: spy)
        let expected = [try AccountPresentationModel(account("a_1", createdAt: 1), amounts: AccountAmounts(balance: -1500, pending: 0)), try AccountPresentationModel(account("a_2", createdAt: 2), amounts: AccountAmounts(balance: 250, pending: 0))]
        #expect(spy.events == [.accounts(expected, next: AccountCursor(createdAt: Date(timeIntervalSince1970: 2), id: AccountID("a_2")))])

        let rest = AccountSceneOutputSpy()
        AccountListUseCase(accounts: manager, owner: alice)
            .eventList(after: AccountCursor(createdAt: Date(timeIntervalSince1970: 2), id: AccountID("a_2")), limit: 2, output: rest)
        #expect(rest.events == [.accounts([try AccountPresentationModel(account("a_3", createdAt: 3), amounts: AccountAmounts(balance: 0, pending: 0))], next: nil)])
    }

    @Test("a user without accounts gets the no-accounts event")
    func none() {
        let spy = AccountSceneOutputSpy()
        AccountListUseCase(accounts: InMemoryAccountManager([account("a_9", owner: bob)]), owner: alice).eventList(after: nil, limit: 20, output: spy)
        #expect(spy.events == [.noAccounts])
    }

    @Test("show reports balance, available = balance + credit limit, and the credit limit, as Money")
    func show() throws {
        let manager = InMemoryAccountManager([account("a_1", creditLimit: 50_000)])
        manager.balances.withLock { $0 = [AccountID("a_1"): -12_345] }
        let spy = AccountSceneOutputSpy()
        AccountShowUseCase(accounts: manager, owner: alice).eventShow(id: AccountID("a_1"), output: spy)
        guard case .account(let model) = try #require(spy.events.first) else {
            Issue.record("expected an account, got \(spy.events)")
            return
        }
        #expect(model.balance == cents(-12_345))
        #expect(model.available == cents(37_655))
        #expect(model.creditLimit == cents(50_000))
    }

    @Test("another owner's account and a missing one are both not found")
    func notFound() {
        let manager = InMemoryAccountManager([account("a_9", owner: bob)])
        for id in ["a_9", "a_missing"] {
            let spy = AccountSceneOutputSpy()
            AccountShowUseCase(accounts: manager, owner: alice).eventShow(id: AccountID(id), output: spy)
            #expect(spy.events == [.notFound(AccountID(id))])
        }
    }

    @Test("a balance whose available amount overflows is a storage failure, not a trap")
    func overflow() {
        let manager = InMemoryAccountManager([account("a_1", creditLimit: 10)])
        manager.balances.withLock { $0 = [AccountID("a_1"): .max] }
        let spy = AccountSceneOutputSpy()
        AccountShowUseCase(accounts: manager, owner: alice).eventShow(id: AccountID("a_1"), output: spy)
        #expect(spy.events == [.storageFailure])
    }
}
