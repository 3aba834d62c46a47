import Domain
import Foundation
import Synchronization
import Testing

@Suite("AccountReportTransformer")
struct AccountReportTransformerTests {
    let account = accountFixture

    func report(_ manager: InMemoryTransactionManager, from: String = "2016-04-01", to: String = "2016-05-31") -> [ReportOutputSpy.Event] {
        let spy = ReportOutputSpy()
        AccountReportTransformer(transactions: manager).transform(account: account, from: day(from), to: day(to), output: spy)
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
        let spy = ReportOutputSpy()
        AccountReportTransformer(transactions: InMemoryTransactionManager([transaction("t1", .posted, "2016-05-02", "Sushi", 1500)]))
            .transform(account: yen, from: day("2016-05-01"), to: day("2016-05-31"), output: spy)
        #expect(spy.events.contains(.footer(Money(minor: 1500, currency: .jpy))))
        #expect(spy.events.contains(.grandFooter(Money(minor: 1500, currency: .jpy))))
    }

    @Test("totals past 64-bit minor units end the report with a storage failure instead of trapping")
    func overflow() {
        let manager = InMemoryTransactionManager([
            transaction("t1", .posted, "2016-05-02", "Huge", .max), transaction("t2", .posted, "2016-05-03", "Huge", .max),
        ])
        #expect(report(manager).last == .storageFailure)
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
