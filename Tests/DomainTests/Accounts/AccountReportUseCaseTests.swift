import Domain
import Foundation
import Synchronization
import Testing

@Suite("AccountReportUseCase")
struct AccountReportUseCaseTests {
    let accounts = InMemoryAccountManager([accountFixture, account("a_bob", owner: bob)])
    /// 2026-11-18T14:13:20Z.
    let clock = FixedClock(Date(timeIntervalSince1970: 1_795_011_200 + 0))

    func report(_ id: String = "a_1", from: String?, to: String?) -> [ReportOutputSpy.Event] {
        let spy = ReportOutputSpy()
        AccountReportUseCase(accounts: accounts, transactions: InMemoryTransactionManager(), owner: alice, clock: clock)
            .eventReport(account: AccountID(id), from: from.map(day), to: to.map(day), output: spy)
        return spy.events
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
