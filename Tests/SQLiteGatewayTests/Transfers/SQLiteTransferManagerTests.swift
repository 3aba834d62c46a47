import Domain
import Foundation
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

    func available(_ account: String, in temporary: TemporaryDatabase) throws -> Int64 {
        let accounts = SQLiteAccountManager(database: temporary.database)
        let limit = try #require(try accounts.fetch(id: AccountID(account))).creditLimit
        return try accounts.balance(of: AccountID(account)) + limit
    }

    @Test("a transfer stores itself with a posted debit on the source and a posted credit on the destination, both listed with the account's transactions")
    func bothLegs() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 10_000, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let new = NewTransfer.fixture(id: "tr_1", to: "a_savings", amount: 2_550)
        #expect(try transfers.execute(new) == .completed(new.transfer))
        let accounts = SQLiteAccountManager(database: temporary.database)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 7_450)
        #expect(try accounts.balance(of: AccountID("a_savings")) == 2_550)
        let lists = SQLiteTransactionManager(database: temporary.database)
        let debit = try lists.list(account: AccountID("a_u_alice"), filter: TransactionFilter(), after: nil, limit: 10).first
        #expect(debit?.id == TransactionID("tr_1_debit") && debit?.group == .posted && debit?.direction == .debit && debit?.description == "Transfer to a_savings")
        let credit = try lists.list(account: AccountID("a_savings"), filter: TransactionFilter(), after: nil, limit: 10)
        #expect(credit.map(\.id) == [TransactionID("tr_1_credit")] && credit.first?.direction == .credit && credit.first?.amount == 2_550)
        #expect(try transfers.fetch(id: TransferID("tr_1"), owner: UserID("u_alice")) == new.transfer)
    }

    @Test("50 concurrent transfers of 10.00 from an account holding 100.00: exactly 10 succeed and available ends at exactly zero")
    func concurrentOverdraw() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 10_000, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let outcomes = Locked<[TransferOutcome]>([])
        Threads.run(count: 50) { index in
            let outcome = (try? transfers.execute(.fixture(id: "tr_\(index)", to: "a_savings", amount: 1_000))) ?? .draftNotFound
            outcomes.withValue { $0.append(outcome) }
        }
        let completed = outcomes.current.filter { if case .completed = $0 { true } else { false } }
        #expect(completed.count == 10)
        #expect(outcomes.current.filter { $0 == .insufficientFunds }.count == 40)
        #expect(try available("a_u_alice", in: temporary) == 0)
        #expect(try available("a_savings", in: temporary) == 10_000)
        #expect(try temporary.count("transfers") == 10)
    }

    @Test("with a credit limit of 50.00, concurrent transfers take the account to exactly minus the limit and no further")
    func concurrentOverdrawWithCreditLimit() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_card", creditLimit: 5_000, to: temporary)
        try addAccount("a_savings", to: temporary)
        try fund("a_card", 10_000, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let completed = Locked(0)
        Threads.run(count: 50) { index in
            if case .completed = try? transfers.execute(.fixture(id: "tr_\(index)", from: "a_card", to: "a_savings", amount: 1_000)) {
                completed.withValue { $0 += 1 }
            }
        }
        #expect(completed.current == 15)
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_card")) == -5_000)
        #expect(try available("a_card", in: temporary) == 0)
    }

    @Test("any number of concurrent internal transfers leave the sum of all balances unchanged")
    func sumUnchanged() throws {
        let temporary = try TemporaryDatabase()
        let ids = ["a_u_alice", "a_1", "a_2", "a_3"]
        for id in ids.dropFirst() { try addAccount(id, creditLimit: 3_000, to: temporary) }
        for (offset, id) in ids.enumerated() { try fund(id, Int64(1_000 * (offset + 1)), in: temporary) }
        let accounts = SQLiteAccountManager(database: temporary.database)
        let before = try ids.map { try accounts.balance(of: AccountID($0)) }.reduce(0, +)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let completed = Locked(0)
        Threads.run(count: 64) { index in
            let from = ids[index % ids.count], to = ids[(index / ids.count + index + 1) % ids.count]
            guard from != to else { return }
            if case .completed = try? transfers.execute(.fixture(id: "tr_\(index)", from: from, to: to, amount: Int64(137 * (index % 7 + 1)))) {
                completed.withValue { $0 += 1 }
            }
        }
        #expect(completed.current > 0)
        #expect(try ids.map { try accounts.balance(of: AccountID($0)) }.reduce(0, +) == before)
        for id in ids { #expect(try available(id, in: temporary) >= 0) }
    }

    @Test("a refused transfer leaves no leg and no transfer")
    func refusedLeavesNothing() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 999, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        #expect(try transfers.execute(.fixture(id: "tr_1", to: "a_savings", amount: 1_000)) == .insufficientFunds)
        #expect(try temporary.count("transactions") == 1)
        #expect(try temporary.count("transfers") == 0)
    }

    @Test("a transfer failing halfway (its credit cannot be stored) leaves neither leg")
    func failureHalfwayLeavesNeitherLeg() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 10_000, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        // The credit reuses the imported credit's id: the debit is written, then the credit violates UNIQUE.
        #expect(throws: GatewayError.self) {
            try transfers.execute(.fixture(id: "tr_1", to: "a_savings", amount: 1_000, creditID: "import_a_u_alice_10000"))
        }
        #expect(try temporary.count("transactions") == 1)
        #expect(try temporary.count("transfers") == 0)
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_u_alice")) == 10_000)
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

    @Test("fetch and list are the sender's only; the list is newest first and resumes after its cursor")
    func scopedHistory() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 10_000, in: temporary)
        try fund("a_u_bob", 10_000, in: temporary)
        let transfers = SQLiteTransferManager(database: temporary.database)
        for (index, at) in [10.0, 30.0, 20.0].enumerated() {
            _ = try transfers.execute(.fixture(id: "tr_\(index)", to: "a_savings", amount: 100, createdAt: 1_795_000_000 + at))
        }
        _ = try transfers.execute(.fixture(id: "tr_bob", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 100))
        #expect(try transfers.fetch(id: TransferID("tr_bob"), owner: UserID("u_alice")) == nil)
        #expect(try transfers.fetch(id: TransferID("tr_bob"), owner: UserID("u_bob"))?.id == TransferID("tr_bob"))
        let first = try transfers.list(owner: UserID("u_alice"), after: nil, limit: 2)
        #expect(first.map(\.id.rawValue) == ["tr_1", "tr_2"])
        let last = try #require(first.last)
        let rest = try transfers.list(owner: UserID("u_alice"), after: TransferCursor(createdAt: last.createdAt, id: last.id), limit: 2)
        #expect(rest.map(\.id.rawValue) == ["tr_0"])
    }

    @Test("executing with a draft deletes it in the same transaction; a gone or expired draft stores nothing")
    func consumesDraft() throws {
        let temporary = try TemporaryDatabase()
        try addAccount("a_savings", to: temporary)
        try fund("a_u_alice", 10_000, in: temporary)
        let drafts = SQLiteTransferDraftManager(database: temporary.database)
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        let draft = TransferDraftState(
            id: TransferDraftID("td_1"), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_u_alice"), currency: .cad, createdAt: created,
            expiresAt: created.addingTimeInterval(3_600))
        try drafts.insert(draft)
        let transfers = SQLiteTransferManager(database: temporary.database)
        let late = NewTransfer.fixture(id: "tr_late", to: "a_savings", amount: 100, createdAt: 1_795_003_600)
        #expect(try transfers.execute(late, consuming: draft.id) == .draftNotFound)
        let bobs = NewTransfer.fixture(id: "tr_bob", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 0)
        #expect(try transfers.execute(bobs, consuming: draft.id) == .draftNotFound)
        #expect(try temporary.count("transactions") == 1)
        let onTime = NewTransfer.fixture(id: "tr_1", to: "a_savings", amount: 100, createdAt: 1_795_000_100)
        #expect(try transfers.execute(onTime, consuming: draft.id) == .completed(onTime.transfer))
        #expect(try temporary.count("transfer_drafts") == 0)
        let again = NewTransfer.fixture(id: "tr_2", to: "a_savings", amount: 100, createdAt: 1_795_000_100)
        #expect(try transfers.execute(again, consuming: draft.id) == .draftNotFound)
        #expect(try temporary.count("transfers") == 1)
    }
}
