import Domain
import DomainTestSupport
import Foundation
import Synchronization
import Testing

@Suite("AccountReportUseCase")
struct AccountReportUseCaseTests {
    let accounts = InMemoryAccountManager([accountFixture, account("a_bob", owner: bob)])
    /// 2026-11-18T14:13:20Z.
    let clock = FixedClock(Date(timeIntervalSince1970: 1_795_011_200 + 0))

    func report(
        _ id: String = "a_1", from: String?, to: String?, transactions: InMemoryTransactionManager = InMemoryTransactionManager(),
        maximumRows: Int = AccountPolicy.defaultMaximumReportRows
    ) -> [ReportOutputSpy.Event] {
        let spy = ReportOutputSpy()
        AccountReportUseCase(accounts: accounts, transactions: transactions, owner: alice, clock: clock, maximumRows: maximumRows)
            .eventReport(account: AccountID(id), from: from.map(day), to: to.map(day), output: spy)
        return spy.events
    }

    /// Three transactions in May 2016 (both groups) and one in June, of alice's account.
    var threeInMay: InMemoryTransactionManager {
        InMemoryTransactionManager([
            transaction("t1", .authorized, "2016-05-01", "One", 100),
            transaction("t2", .posted, "2016-05-02", "Two", 200),
            transaction("t3", .posted, "2016-05-31", "Three", 300),
            transaction("t4", .posted, "2016-06-01", "June", 400),
        ])
    }

    @Test("from after to is refused before anything is read")
    func fromAfterTo() {
        #expect(report(from: "2016-05-02", to: "2016-05-01") == [.invalidRange(.fromAfterTo)])
    }

    @Test("366 days, both ends included, is the longest report; 367 is refused")
    func longest() {
        #expect(report(from: "2016-01-01", to: "2016-12-31").first == .begin(AccountReportPresentationModel(account: accountFixture, from: day("2016-01-01"), to: day("2016-12-31"))))
        #expect(report(from: "2015-01-01", to: "2016-01-02") == [.invalidRange(.tooLong(maximumDays: 366))])
    }

    @Test("a period holding more transactions than the cap is refused with the cap, before any row is presented, and its snapshot closed")
    func overTheCap() {
        let transactions = threeInMay
        #expect(report(from: "2016-05-01", to: "2016-05-31", transactions: transactions, maximumRows: 2) == [.tooLarge(maximumRows: 2)])
        #expect(transactions.readers.withLock { $0.count == 1 && $0.allSatisfy(\.closed) })
    }

    @Test("rows stored after the report began are not in it: the count and every page read one snapshot")
    func oneSnapshot() throws {
        let transactions = threeInMay
        let spy = ReportOutputSpy()
        let pages = try #require(AccountReportBeginCatcher.pages(
            AccountReportUseCase(accounts: accounts, transactions: transactions, owner: alice, clock: clock, maximumRows: 3),
            from: day("2016-05-01"), to: day("2016-05-31")))
        try transactions.insert([transaction("t5", .posted, "2016-05-03", "Late", 500)]) { _ in }
        while pages.presentNextPage(output: spy) {}
        #expect(!spy.events.contains(.detail("Late", cents(500))))
        #expect(spy.events.count { if case .detail = $0 { true } else { false } } == 3)
        #expect(transactions.readers.withLock { $0.allSatisfy(\.closed) })
    }

    @Test("a period holding exactly the cap is reported whole; rows outside the period do not count")
    func atTheCap() {
        let events = report(from: "2016-05-01", to: "2016-05-31", transactions: threeInMay, maximumRows: 3)
        #expect(events.count { if case .detail = $0 { true } else { false } } == 3)
        #expect(events.last == .end)
    }

    @Test("another owner's account is not found, however many rows its period holds")
    func notFoundBeforeTheCap() {
        #expect(report("a_bob", from: "2016-05-01", to: "2016-05-31", transactions: threeInMay, maximumRows: 0) == [.notFound(AccountID("a_bob"))])
    }

    @Test("a single day is a valid period")
    func singleDay() {
        #expect(report(from: "2016-05-01", to: "2016-05-01").last == .end)
    }

    @Test("another owner's account and a missing one are both not found")
    func notFound() {
        #expect(report("a_bob", from: "2016-05-01", to: "2016-05-31") == [.notFound(AccountID("a_bob"))])
        #expect(report("a_missing", from: "2016-05-01", to: "2016-05-31") == [.notFound(AccountID("a_missing"))])
    }

    @Test("without dates the report covers the 90 days up to today (UTC)")
    func defaults() {
        let today = CalendarDate(utc: clock.now())
        #expect(today == day("2026-11-18"))
        #expect(report(from: nil, to: nil).first == .begin(AccountReportPresentationModel(account: accountFixture, from: day("2026-08-21"), to: day("2026-11-18"))))
        #expect(report(from: nil, to: "2016-05-31").first == .begin(AccountReportPresentationModel(account: accountFixture, from: day("2016-03-03"), to: day("2016-05-31"))))
    }

    @Test("storage trouble reading the account is reported as such")
    func storage() {
        accounts.failure.withLock { $0 = .failure("disk") }
        #expect(report(from: "2016-05-01", to: "2016-05-31") == [.storageFailure])
    }
}

/// Keeps the pages a report begins with, without asking for them.
private final class AccountReportBeginCatcher: AccountReportUseCaseOutput {
    private(set) var pages: AccountReportTransformer?

    static func pages(_ useCase: AccountReportUseCase, from: CalendarDate, to: CalendarDate) -> AccountReportTransformer? {
        let catcher = AccountReportBeginCatcher()
        useCase.eventReport(account: accountFixture.id, from: from, to: to, output: catcher)
        return catcher.pages
    }

    func presentReportBegin(_ report: AccountReportPresentationModel, pages: AccountReportTransformer) { self.pages = pages }
    func presentHeader(group: TransactionGroup) {}
    func presentSubheader(date: CalendarDate) {}
    func presentDetail(description: String, amount: Money) {}
    func presentSubfooter() {}
    func presentFooter(total: Money) {}
    func presentNotAvailable(group: TransactionGroup) {}
    func presentNoTransactions(group: TransactionGroup) {}
    func presentPendingHeader() {}
    func presentGrandFooter(grandTotal: Money) {}
    func presentReportEnd() {}
    func presentNotFound(_ id: AccountID) {}
    func presentInvalidRange(_ failure: DateRangeFailure) {}
    func presentReportTooLarge(maximumRows: Int) {}
    func presentStorageUnavailable() {}
    func presentStorageFailure() {}
}
