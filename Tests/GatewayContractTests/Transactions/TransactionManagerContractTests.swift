import Domain
import Foundation
import Testing

@Suite("TransactionManager contract")
struct TransactionManagerContractTests {
    func date(_ day: Int, month: Int = 5) -> CalendarDate { CalendarDate(year: 2016, month: month, day: day)! }

    func row(_ id: String, _ group: TransactionGroup, _ day: Int, account: String = "a_u_alice", amount: Int64 = 100) -> Transaction {
        Transaction(id: TransactionID(id), accountID: AccountID(account), group: group, direction: .debit, date: date(day), description: id, amount: amount)
    }

    /// t1..t6 of alice in this insertion order, and one of bob's.
    func seeded(_ backend: Backend) throws -> (Store, any TransactionManager) {
        let store = try backend.makeStore()
        let transactions = store.gateway.transactions
        try transactions.insert([
            row("t1", .posted, 2), row("t2", .authorized, 3), row("t3", .posted, 1), row("t4", .posted, 3), row("t5", .authorized, 2),
            row("t6", .posted, 2), row("tb", .posted, 2, account: "a_u_bob"),
        ]) { _ in }
        return (store, transactions)
    }

    @Test("rows read back as stored, with sequences in insertion order", arguments: Backend.allCases)
    func roundTrip(backend: Backend) throws {
        let (_, transactions) = try seeded(backend)
        let all = try transactions.list(account: AccountID("a_u_alice"), filter: TransactionFilter(), after: nil, limit: 100)
        let t1 = try #require(all.first { $0.id.rawValue == "t1" })
        #expect(t1 == Transaction(id: TransactionID("t1"), accountID: AccountID("a_u_alice"), group: .posted, direction: .debit, date: date(2), description: "t1", amount: 100, sequence: t1.sequence))
        let sequences = ["t1", "t2", "t3", "t4", "t5", "t6"].compactMap { id in all.first { $0.id.rawValue == id }?.sequence }
        #expect(sequences == sequences.sorted() && Set(sequences).count == 6)
    }

    @Test("a transaction is found by id for its account's owner only; someone else's and a missing id read alike", arguments: Backend.allCases)
    func fetchOwned(backend: Backend) throws {
        let (_, transactions) = try seeded(backend)
        let t2 = try #require(try transactions.fetch(id: TransactionID("t2"), owner: UserID("u_alice")))
        #expect(t2.id.rawValue == "t2" && t2.accountID == AccountID("a_u_alice") && t2.group == .authorized && t2.date == date(3))
        #expect(try transactions.fetch(id: TransactionID("tb"), owner: UserID("u_alice")) == nil)
        #expect(try transactions.fetch(id: TransactionID("t2"), owner: UserID("u_bob")) == nil)
        #expect(try transactions.fetch(id: TransactionID("missing"), owner: UserID("u_alice")) == nil)
    }

    @Test("the list is newest first by date then insertion order, and a cursor resumes exactly, even after new rows arrive", arguments: Backend.allCases)
    func listAndCursor(backend: Backend) throws {
        let (_, transactions) = try seeded(backend)
        let account = AccountID("a_u_alice")
        let first = try transactions.list(account: account, filter: TransactionFilter(), after: nil, limit: 3)
        #expect(first.map(\.id.rawValue) == ["t4", "t2", "t6"])
        try transactions.insert([row("t7", .posted, 3), row("t8", .posted, 1)]) { _ in }
        let last = try #require(first.last)
        let cursor = TransactionCursor(date: last.date, sequence: try #require(last.sequence))
        #expect(try transactions.list(account: account, filter: TransactionFilter(), after: cursor, limit: 10).map(\.id.rawValue) == ["t5", "t1", "t8", "t3"])
    }

    @Test("group and date filters apply together with the cursor", arguments: Backend.allCases)
    func filters(backend: Backend) throws {
        let (_, transactions) = try seeded(backend)
        let account = AccountID("a_u_alice")
        #expect(try transactions.list(account: account, filter: TransactionFilter(group: .posted), after: nil, limit: 10).map(\.id.rawValue) == ["t4", "t6", "t1", "t3"])
        #expect(try transactions.list(account: account, filter: TransactionFilter(from: date(2), to: date(2)), after: nil, limit: 10).map(\.id.rawValue) == ["t6", "t5", "t1"])
        let page = try transactions.list(account: account, filter: TransactionFilter(group: .posted, from: date(2)), after: nil, limit: 1)
        let cursor = TransactionCursor(date: page[0].date, sequence: try #require(page[0].sequence))
        #expect(try transactions.list(account: account, filter: TransactionFilter(group: .posted, from: date(2)), after: cursor, limit: 10).map(\.id.rawValue) == ["t6", "t1"])
    }

    @Test("a batch that fails on its last row stores nothing", arguments: Backend.allCases)
    func atomicBatch(backend: Backend) throws {
        let store = try backend.makeStore()
        let transactions = store.gateway.transactions
        var batch = (0..<5_000).map { row("t\($0)", .posted, 1) }
        batch.append(row("t0", .posted, 1))
        #expect(throws: GatewayError.self) { try transactions.insert(batch) { _ in } }
        #expect(try store.transactionCount() == 0)
        #expect(throws: GatewayError.self) { try transactions.insert([row("tx", .posted, 1, account: "a_missing")]) { _ in } }
        #expect(try store.transactionCount() == 0)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == 0)
    }

    @Test("a large batch reports progress every 10,000 rows and at the end", arguments: Backend.allCases)
    func progress(backend: Backend) throws {
        let store = try backend.makeStore()
        var reported: [Int] = []
        try store.gateway.transactions.insert((0..<25_000).map { row("t\($0)", .posted, 1 + $0 % 28) }) { reported.append($0) }
        #expect(reported == [10_000, 20_000, 25_000])
        #expect(try store.transactionCount() == 25_000)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_alice")) == -2_500_000)
    }
}
