import Domain
import Foundation
import Synchronization
import Testing

@Suite("AccountReportTransformer")
struct AccountReportTransformerTests {
    let account = accountFixture

    func report(
        _ manager: InMemoryTransactionManager, from: String = "2016-04-01", to: String = "2016-05-31", of account: Domain.Account = accountFixture,
        pageSize: Int = AccountReportTransformer.defaultPageSize, pending: [Transfer] = []
    ) -> [ReportOutputSpy.Event] {
        let spy = ReportOutputSpy()
        let reader = try! manager.reportReader(account: account.id, owner: alice, from: day(from), to: day(to))
        (reader as? InMemoryReportReader)?.pending = pending
        spy.presentReportBegin(
            AccountReportPresentationModel(account: account, from: day(from), to: day(to)),
            pages: AccountReportTransformer(reader: reader, account: account, pageSize: pageSize))
        return spy.events
    }

    var begin: ReportOutputSpy.Event { .begin(AccountReportPresentationModel(account: account, from: day("2016-04-01"), to: day("2016-05-31"))) }

    @Test("a fixed feed gives the exact event stream: groups, date breaks, details in insertion order, signed totals")
    func fixedFeed() {
        let manager = InMemoryTransactionManager([
            transaction("t1", .posted, "2016-05-02", "TTC", 2800),
            transaction("t2", .authorized, "2016-04-03", "Payment", 40_000, .credit),
            transaction("t3", .authorized, "2016-04-01", "Starbucks", 311),
            transaction("t4", .authorized, "2016-04-01", "Firkin", 1534),
            transaction("t5", .authorized, "2016-04-01", "Other account", 999, account: "a_other"),
            transaction("t6", .posted, "2016-06-01", "After the period", 100),
            transaction("t7", .posted, "2016-03-31", "Before the period", 100),
        ])
        #expect(report(manager) == [
            begin,
            .header(.authorized),
            .subheader(day("2016-04-01")), .detail("Starbucks", cents(311)), .detail("Firkin", cents(1534)), .subfooter,
            .subheader(day("2016-04-03")), .detail("Payment", cents(-40_000)), .subfooter,
            .footer(cents(-38_155)),
            .header(.posted),
            .subheader(day("2016-05-02")), .detail("TTC", cents(2800)), .subfooter,
            .footer(cents(2800)),
            .grandFooter(cents(-35_355)),
            .end,
        ])
    }

    @Test("pending transfers sent in the period follow the groups in a section of their own, whose total stays out of the grand total")
    func pendingSection() {
        func hold(_ id: String, _ name: String, _ minor: Int64, at seconds: TimeInterval) -> Transfer {
            Transfer(
                id: TransferID(id), ownerID: alice, fromAccountID: account.id, toAccountID: nil, recipient: .contact(ContactID("c_\(id)")),
                recipientName: name, amount: cents(minor), memo: nil, debitTransactionID: nil, creditTransactionID: nil,
                createdAt: Date(timeIntervalSince1970: seconds), status: .pending, recipientEmail: "\(id)@example.com",
                expiresAt: Date(timeIntervalSince1970: seconds + 604_800))
        }
        let manager = InMemoryTransactionManager([transaction("t1", .posted, "2016-05-02", "TTC", 2800)])
        // 2016-05-02 and 2016-05-03, UTC.
        let pending = [hold("p1", "Paula", 1_000, at: 1_462_190_400), hold("p2", "Pat", 250, at: 1_462_197_600), hold("p3", "Pia", 5, at: 1_462_276_800)]
        #expect(report(manager, pending: pending) == [
            begin, .header(.authorized), .noTransactions(.authorized),
            .header(.posted), .subheader(day("2016-05-02")), .detail("TTC", cents(2800)), .subfooter, .footer(cents(2800)),
            .pendingHeader,
            .subheader(day("2016-05-02")), .detail("Transfer to Paula", cents(1_000)), .detail("Transfer to Pat", cents(250)), .subfooter,
            .subheader(day("2016-05-03")), .detail("Transfer to Pia", cents(5)), .subfooter,
            .footer(cents(1_255)),
            .grandFooter(cents(2800)), .end,
        ])
    }

    @Test("empty sources give a no-transactions message per group, no footers, and a zero grand footer")
    func empty() {
        #expect(report(InMemoryTransactionManager()) == [
            begin, .header(.authorized), .noTransactions(.authorized), .header(.posted), .noTransactions(.posted), .grandFooter(cents(0)), .end,
        ])
    }

    @Test("one group empty, the other with rows: the message for one, the dates and footer for the other")
    func oneEmpty() {
        let manager = InMemoryTransactionManager([transaction("t1", .posted, "2016-05-02", "TTC", 2800)])
        #expect(report(manager) == [
            begin, .header(.authorized), .noTransactions(.authorized),
            .header(.posted), .subheader(day("2016-05-02")), .detail("TTC", cents(2800)), .subfooter, .footer(cents(2800)),
            .grandFooter(cents(2800)), .end,
        ])
    }

    @Test("an unreadable source gives its not-available message; the other group and the grand footer still come")
    func unavailable() {
        let manager = InMemoryTransactionManager([
            transaction("t1", .authorized, "2016-04-01", "Starbucks", 311), transaction("t2", .posted, "2016-05-02", "TTC", 2800),
        ])
        manager.unavailableGroups.withLock { $0 = [.authorized] }
        #expect(report(manager) == [
            begin, .header(.authorized), .notAvailable(.authorized),
            .header(.posted), .subheader(day("2016-05-02")), .detail("TTC", cents(2800)), .subfooter, .footer(cents(2800)),
            .grandFooter(cents(2800)), .end,
        ])
        manager.unavailableGroups.withLock { $0 = [.authorized, .posted] }
        #expect(report(manager) == [
            begin, .header(.authorized), .notAvailable(.authorized), .header(.posted), .notAvailable(.posted), .grandFooter(cents(0)), .end,
        ])
    }

    @Test("amounts carry the account's currency: yen have no minor digits to invent")
    func currency() {
        let yen = Domain.Account(id: AccountID("a_1"), ownerID: alice, name: "Yen", currency: .jpy, createdAt: Date())
        let manager = InMemoryTransactionManager([transaction("t1", .posted, "2016-05-02", "Sushi", 1500, account: "a_1")])
        let events = report(manager, from: "2016-05-01", to: "2016-05-31", of: yen)
        #expect(events.contains(.footer(Money(minor: 1500, currency: .jpy))))
        #expect(events.contains(.grandFooter(Money(minor: 1500, currency: .jpy))))
    }

    @Test("totals past 64-bit minor units end the report with a storage failure instead of trapping")
    func overflow() {
        let manager = InMemoryTransactionManager([
            transaction("t1", .posted, "2016-05-02", "Huge", .max), transaction("t2", .posted, "2016-05-03", "Huge", .max),
        ])
        #expect(report(manager).last == .storageFailure)
    }

    @Test("pages of any size give the events of one whole read: a date spanning pages keeps one subheader and subfooter")
    func pagesJoin() throws {
        let manager = InMemoryTransactionManager()
        let accounts = InMemoryAccountManager([account])
        TransactionImportUseCase(accounts: accounts, transactions: manager, ids: SequentialIDGenerator())
            .eventImport(feed: try reportDemoFeed(), account: account.id, output: TransactionOutputSpy())
        let whole = report(manager, pageSize: 1000)
        for size in [1, 2, 3, 7, 29, 58] {
            #expect(report(manager, pageSize: size) == whole, "page size \(size)")
        }
        #expect(manager.readers.withLock { $0.allSatisfy(\.closed) })
    }

    @Test("a page that cannot be read after the group's first ends the report with a storage failure, and closes the reader")
    func laterPageFails() {
        let manager = InMemoryTransactionManager([
            transaction("t1", .authorized, "2016-04-01", "A", 100), transaction("t2", .authorized, "2016-04-02", "B", 200),
        ])
        let reader = FailingAfterFirstPage(try! manager.reportReader(account: account.id, owner: alice, from: day("2016-04-01"), to: day("2016-05-31")))
        let spy = ReportOutputSpy()
        spy.presentReportBegin(
            AccountReportPresentationModel(account: account, from: day("2016-04-01"), to: day("2016-05-31")),
            pages: AccountReportTransformer(reader: reader, account: account, pageSize: 1))
        #expect(spy.events.suffix(2) == [.detail("A", cents(100)), .storageFailure])
        #expect(reader.closed)
    }

    @Test("the report demo's 58-row feed totals 560.19 authorized, 778.78 posted, 1338.97 in all")
    func demoFeed() throws {
        let manager = InMemoryTransactionManager()
        let accounts = InMemoryAccountManager([account])
        let importSpy = TransactionOutputSpy()
        TransactionImportUseCase(accounts: accounts, transactions: manager, ids: SequentialIDGenerator())
            .eventImport(feed: try reportDemoFeed(), account: account.id, output: importSpy)
        #expect(importSpy.events.last == .imported(58, account.id))

        let events = report(manager)
        let footers = events.compactMap { event -> Money? in if case .footer(let total) = event { total } else { nil } }
        #expect(footers == [cents(56_019), cents(77_878)])
        #expect(events.suffix(2) == [.grandFooter(cents(133_897)), .end])
        #expect(events.filter { if case .subheader = $0 { true } else { false } }.count == 36)
        #expect(events.filter { if case .detail = $0 { true } else { false } }.count == 58)
        #expect(events.filter { $0 == .subfooter }.count == 36)
        #expect(events.contains(.detail("Payment", cents(-40_000))))
        // The first date of each group opens right after its header.
        #expect(events[1...2] == [.header(.authorized), .subheader(day("2016-04-01"))])
    }
}

let accountFixture = account("a_1")

/// Reads a report's first page, then fails every later one.
private final class FailingAfterFirstPage: TransactionReportReader {
    let inner: any TransactionReportReader
    private var pages = 0
    private(set) var closed = false

    init(_ inner: any TransactionReportReader) {
        self.inner = inner
    }

    func count(upTo limit: Int) throws -> Int { try inner.count(upTo: limit) }
    func page(group: TransactionGroup, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        pages += 1
        guard pages == 1 else { throw GatewayError.unavailable("gone") }
        return try inner.page(group: group, after: cursor, limit: limit)
    }
    func pendingTransfers(limit: Int) throws -> [Transfer] { try inner.pendingTransfers(limit: limit) }
    func close() {
        closed = true
        inner.close()
    }
}
