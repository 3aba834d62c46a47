import Domain
import Foundation
import Testing

@Suite("TransactionReportReader contract")
struct TransactionReportReaderContractTests {
    let alice = UserID("u_alice")

    func date(_ day: Int, month: Int = 5) -> CalendarDate { CalendarDate(year: 2016, month: month, day: day)! }

    func row(_ id: String, _ group: TransactionGroup, _ day: Int, account: String = "a_u_alice") -> Transaction {
        Transaction(id: TransactionID(id), accountID: AccountID(account), group: group, direction: .debit, date: date(day), description: id, amount: 100)
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

    /// Every page of `group` from `reader`, `size` rows at a time, resumed from each page's last row.
    func pages(_ reader: any TransactionReportReader, _ group: TransactionGroup, size: Int) throws -> [[String]] {
        var pages: [[String]] = []
        var cursor: TransactionCursor?
        while true {
            let page = try reader.page(group: group, after: cursor, limit: size)
            guard let last = page.last else { return pages }
            pages.append(page.map(\.id.rawValue))
            cursor = TransactionCursor(date: last.date, sequence: try #require(last.sequence))
        }
    }

    @Test("pages resume exactly after their last row, by date then insertion order, one group of one account within the dates", arguments: Backend.allCases)
    func keysetPages(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        // A snapshot opens its own connection on SQLite: the store's folder must outlive it.
        defer { withExtendedLifetime(store) {} }
        let reader = try transactions.reportReader(account: AccountID("a_u_alice"), owner: alice, from: date(1), to: date(3))
        defer { reader.close() }
        #expect(try pages(reader, .posted, size: 3) == [["t3", "t1", "t6"], ["t4"]])
        #expect(try pages(reader, .posted, size: 1) == [["t3"], ["t1"], ["t6"], ["t4"]])
        #expect(try pages(reader, .authorized, size: 10) == [["t5", "t2"]])
        #expect(try reader.count(upTo: 100) == 6)
        #expect(try reader.count(upTo: 4) == 4)
    }

    @Test("the count takes both groups of one account within the dates, and stops at its limit", arguments: Backend.allCases)
    func count(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        defer { withExtendedLifetime(store) {} }
        func count(_ account: String = "a_u_alice", from: CalendarDate, to: CalendarDate, upTo limit: Int) throws -> Int {
            let reader = try transactions.reportReader(account: AccountID(account), owner: alice, from: from, to: to)
            defer { reader.close() }
            return try reader.count(upTo: limit)
        }
        #expect(try count(from: date(1), to: date(3), upTo: 100) == 6)
        #expect(try count(from: date(2), to: date(2), upTo: 100) == 3)
        #expect(try count(from: date(1), to: date(3), upTo: 4) == 4)
        #expect(try count(from: date(1, month: 4), to: date(30, month: 4), upTo: 100) == 0)
        #expect(try count("a_u_bob", from: date(1), to: date(3), upTo: 100) == 1)
        #expect(try count(from: date(1), to: date(3), upTo: 0) == 0)
    }

    @Test("a group of a period without rows reads as one empty page", arguments: Backend.allCases)
    func emptyGroup(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        defer { withExtendedLifetime(store) {} }
        let reader = try transactions.reportReader(account: AccountID("a_u_alice"), owner: alice, from: date(1, month: 4), to: date(30, month: 4))
        defer { reader.close() }
        #expect(try reader.page(group: .authorized, after: nil, limit: 10).isEmpty)
    }

    @Test("every read of a reader sees the rows as of its first: rows stored meanwhile are not in the count nor the pages", arguments: Backend.allCases)
    func snapshot(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        // A snapshot opens its own connection on SQLite: the store's folder must outlive it.
        defer { withExtendedLifetime(store) {} }
        let reader = try transactions.reportReader(account: AccountID("a_u_alice"), owner: alice, from: date(1), to: date(3))
        defer { reader.close() }
        #expect(try reader.count(upTo: 100) == 6)
        try transactions.insert([row("t7", .posted, 1), row("t8", .posted, 3), row("t9", .authorized, 2)]) { _ in }
        #expect(try reader.count(upTo: 100) == 6)
        #expect(try pages(reader, .posted, size: 2) == [["t3", "t1"], ["t6", "t4"]])
        #expect(try pages(reader, .authorized, size: 2) == [["t5", "t2"]])
        let fresh = try transactions.reportReader(account: AccountID("a_u_alice"), owner: UserID("u_other"), from: date(1), to: date(3))
        defer { fresh.close() }
        #expect(try fresh.count(upTo: 100) == 9)
    }

    @Test("a closed reader refuses to read, and closing again does nothing", arguments: Backend.allCases)
    func closed(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        // A snapshot opens its own connection on SQLite: the store's folder must outlive it.
        defer { withExtendedLifetime(store) {} }
        let reader = try transactions.reportReader(account: AccountID("a_u_alice"), owner: alice, from: date(1), to: date(3))
        reader.close()
        reader.close()
        #expect(throws: GatewayError.self) { try reader.count(upTo: 10) }
    }

    @Test("readers open at once are capped, one per user: past either a reader is unavailable, and a closed one frees its place", arguments: Backend.allCases)
    func capped(backend: Backend) throws {
        let (store, transactions) = try seeded(backend)
        defer { withExtendedLifetime(store) {} }
        func open(_ owner: String) throws -> any TransactionReportReader {
            let reader = try transactions.reportReader(account: AccountID("a_u_alice"), owner: UserID(owner), from: date(1), to: date(3))
            _ = try reader.count(upTo: 1)
            return reader
        }
        let first = try open("u_alice")
        #expect(throws: GatewayError.unavailable("no report snapshot free for this user")) { try open("u_alice") }
        var others: [any TransactionReportReader] = []
        defer { others.forEach { $0.close() } }
        while others.count < 64 {
            do {
                others.append(try open("u_\(others.count)"))
            } catch GatewayError.unavailable {
                break
            }
        }
        #expect(others.count < 64)
        first.close()
        try open("u_alice").close()
    }
}
