import Domain
import DomainTestSupport
import Foundation
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("SQLite transfers")
struct SQLiteTransferManagerTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// Alice's second CAD account, with `creditLimit`.
    func addAccount(_ id: String, owner: String = "u_alice", currency: Currency = .cad, creditLimit: Int64 = 0, to temporary: TemporaryDatabase) throws {
        try SQLiteAccountManager(database: temporary.database).insert(
            Account(id: AccountID(id), ownerID: UserID(owner), name: "Account \(id)", currency: currency, creditLimit: creditLimit, createdAt: now))
    }

    /// An imported posted credit of `amount` cents on `account`.
    func fund(_ account: String, _ amount: Int64, in temporary: TemporaryDatabase) throws {
        let credit = Transaction(
            id: TransactionID("import_\(account)_\(amount)"), accountID: AccountID(account), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: amount)
        try SQLiteTransactionManager(database: temporary.database).insert([credit]) { _ in }
    }

    /// Through the use case, as a request would go: each transfer reads the source's stored
    /// balance inside its write (migration 0006), so 100,000 of them take linear time. Before it
    /// they re-summed the source's history each time, and 5,000 was the most a test could afford.
    @Test("100,000 transfers of 0.01 sent through the use case sum exactly")
    func manySmallTransfers() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 100_000, in: temporary)
        let gateway = SQLiteEntityGateway(database: temporary.database)
        let useCase = TransferCreateUseCase(
            transfers: gateway.transfers, accounts: gateway.accounts, contacts: gateway.contacts, users: gateway.users, policy: TransferPolicy(),
            owner: UserID("u_alice"), clock: FixedClock(now), ids: SequentialIDGenerator())
        let request = TransferCreateRequest(fromAccountID: AccountID("a_u_alice"), toAccountID: AccountID("a_savings"), amount: DecimalAmount("0.01"))
        let tally = TransferCreateTally()
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<100_000 { useCase.eventCreate(request, output: tally) }
        print("100,000 transfers of 0.01 through TransferCreateUseCase took \(clock.now - started)")
        #expect(tally.completed == 100_000)
        #expect(tally.others.isEmpty)
        let accounts = SQLiteAccountManager(database: temporary.database)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 0)
        #expect(try accounts.balance(of: AccountID("a_savings")) == 100_000)
        #expect(try temporary.summedBalances() == ["a_savings": 100_000, "a_u_alice": 0, "a_u_bob": 0, "a_u_nobody": 0])
        #expect(try temporary.count("transfers") == 100_000)
        useCase.eventCreate(request, output: tally)
        #expect(tally.insufficientFunds == 1 && tally.completed == 100_000)
    }
}
