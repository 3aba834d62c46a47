import Domain
import Foundation
import GatewayTestSupport
import Testing

@Suite("AccountManager contract")
struct AccountManagerContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func account(_ id: String, owner: String = "u_alice", currency: Currency = .cad, creditLimit: Int64 = 0, at offset: TimeInterval = 0) -> Account {
        Account(id: AccountID(id), ownerID: UserID(owner), name: "Account \(id)", currency: currency, creditLimit: creditLimit, createdAt: now.addingTimeInterval(offset))
    }

    func row(_ id: String, _ account: String, _ direction: TransactionDirection, _ amount: Int64, _ group: TransactionGroup = .posted) -> Transaction {
        Transaction(id: TransactionID(id), accountID: AccountID(account), group: group, direction: direction, date: CalendarDate(year: 2016, month: 5, day: 1)!, description: id, amount: amount)
    }

    @Test("an inserted account is fetched by its owner only; the operator fetch ignores the owner", arguments: Backend.allCases)
    func fetchScoped(backend: Backend) throws {
        let store = try backend.makeStore()
        let accounts = store.gateway.accounts
        let yen = account("a_yen", currency: .jpy, creditLimit: 50_000)
        try accounts.insert(yen)
        #expect(try accounts.fetch(id: yen.id, owner: UserID("u_alice")) == yen)
        #expect(try accounts.fetch(id: yen.id, owner: UserID("u_bob")) == nil)
        #expect(try accounts.fetch(id: yen.id) == yen)
        #expect(try accounts.fetch(id: AccountID("a_missing")) == nil)
    }

    @Test("an account id used twice is a conflict", arguments: Backend.allCases)
    func duplicate(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.gateway.accounts.insert(account("a_1"))
        #expect(throws: GatewayError.self) { try store.gateway.accounts.insert(account("a_1", owner: "u_bob")) }
        #expect(try store.gateway.accounts.fetch(id: AccountID("a_1"))?.ownerID == UserID("u_alice"))
    }

    @Test("the owner's accounts come oldest first, the registration account included, and pages resume after the cursor", arguments: Backend.allCases)
    func listOrder(backend: Backend) throws {
        let store = try backend.makeStore()
        let accounts = store.gateway.accounts
        try accounts.insert(account("a_2", at: 20))
        try accounts.insert(account("a_1", at: 10))
        try accounts.insert(account("a_3", at: 10))
        try accounts.insert(account("a_bob2", owner: "u_bob", at: 5))
        let first = try accounts.list(owner: UserID("u_alice"), after: nil, limit: 3)
        #expect(first.map(\.id.rawValue) == ["a_u_alice", "a_1", "a_3"])
        let last = try #require(first.last)
        #expect(try accounts.list(owner: UserID("u_alice"), after: AccountCursor(createdAt: last.createdAt, id: last.id), limit: 3).map(\.id.rawValue) == ["a_2"])
    }

    @Test("the balance is credits minus debits over authorized and posted transactions of that account only", arguments: Backend.allCases)
    func balance(backend: Backend) throws {
        let store = try backend.makeStore()
        let accounts = store.gateway.accounts
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 0)
        try store.gateway.transactions.insert([
            row("t1", "a_u_alice", .credit, 40_000), row("t2", "a_u_alice", .debit, 311, .authorized), row("t3", "a_u_alice", .debit, 1534),
            row("t4", "a_u_bob", .debit, 999),
        ]) { _ in }
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 38_155)
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == -999)
        #expect(try accounts.balance(of: AccountID("a_missing")) == 0)
    }

    @Test("a write taking a stored balance past 64 bits is refused whole: never a wrapped or rounded number", arguments: Backend.allCases)
    func balanceOverflow(backend: Backend) throws {
        let store = try backend.makeStore()
        let transactions = store.gateway.transactions
        let accounts = store.gateway.accounts
        #expect(throws: GatewayError.self) {
            try transactions.insert([row("t1", "a_u_alice", .credit, .max), row("t2", "a_u_alice", .credit, 1)]) { _ in }
        }
        #expect(try store.transactionCount() == 0)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 0)
        // Int64.min itself fits.
        try transactions.insert([row("t3", "a_u_bob", .debit, .max), row("t4", "a_u_bob", .debit, 1)]) { _ in }
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == .min)
        #expect(throws: GatewayError.self) { try transactions.insert([row("t5", "a_u_bob", .debit, 1)]) { _ in } }
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == .min)
        #expect(try store.transactionCount() == 2)
    }

    @Test("registration stores the first account with the user", arguments: Backend.allCases)
    func registrationOpensAccount(backend: Backend) throws {
        let store = try backend.makeStore()
        #expect(try store.gateway.accounts.fetch(id: AccountID("a_u_bob"), owner: UserID("u_bob"))?.currency == .cad)
        for owner in TestOwners.ids {
            #expect(try store.gateway.accounts.list(owner: UserID(owner), after: nil, limit: 10).map(\.id.rawValue) == ["a_\(owner)"])
        }
    }
}
