import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

@Suite("AccountReportPresenter")
struct AccountReportPresenterTests {
    func presenter(_ spy: AccountsPresenterOutputSpy, _ language: Language = .en) -> AccountReportPresenter {
        AccountReportPresenter(
            useCase: AccountReportUseCase(
                accounts: UntouchableAccountManager(), transactions: UntouchableTransactionManager(), owner: Fixture.owner, clock: FixedTestClock()),
            output: spy, messages: Messages(language))
    }

    /// Two dates of authorized transactions (one a credit), no posted ones.
    func play(_ presenter: AccountReportPresenter) {
        let account = Account(id: AccountID("a_1"), ownerID: Fixture.owner, name: "Main", currency: .cad, createdAt: Fixture.created)
        presenter.presentReportBegin(
            AccountReportPresentationModel(account: account, from: CalendarDate("2016-04-01")!, to: CalendarDate("2016-04-30")!),
            pages: AccountReportTransformer(reader: UntouchableReportReader(), account: account))
        presenter.presentHeader(group: .authorized)
        presenter.presentSubheader(date: CalendarDate("2016-04-01")!)
        presenter.presentDetail(description: "Starbucks", amount: Money(minor: 311, currency: .cad))
        presenter.presentDetail(description: "Refund", amount: Money(minor: -500, currency: .cad))
        presenter.presentSubfooter()
        presenter.presentSubheader(date: CalendarDate("2016-04-02")!)
        presenter.presentDetail(description: "Uber", amount: Money(minor: 123_456, currency: .cad))
        presenter.presentSubfooter()
        presenter.presentFooter(total: Money(minor: 123_267, currency: .cad))
        presenter.presentHeader(group: .posted)
        presenter.presentNoTransactions(group: .posted)
        presenter.presentGrandFooter(grandTotal: Money(minor: 123_267, currency: .cad))
        presenter.presentReportEnd()
    }

    @Test("English rows: titles, dates as Apr 01, 2016, signed amounts without grouping, odd toggling at subheaders and footers")
    func english() throws {
        let spy = AccountsPresenterOutputSpy()
        play(presenter(spy))
        guard case .report(let report) = try #require(spy.shown.first) else { Issue.record("no report"); return }
        #expect(spy.shown.count == 1)
        // One row per line: the framing a client reading the stream line by line relies on.
        #expect(json(report) == """
            {"rows":[
            {"type":"header","title":"Authorized Transactions"},
            {"type":"subheader","title":"Apr 01, 2016","odd":true},
            {"type":"detail","description":"Starbucks","amount":"3.11","odd":true},
            {"type":"detail","description":"Refund","amount":"-5.00","odd":true},
            {"type":"subfooter","odd":true},
            {"type":"subheader","title":"Apr 02, 2016","odd":false},
            {"type":"detail","description":"Uber","amount":"1234.56","odd":false},
            {"type":"subfooter","odd":false},
            {"type":"footer","title":"Total","total":"1232.67","odd":true},
            {"type":"header","title":"Posted Transactions"},
            {"type":"message","message":"There are no Posted Transactions in this period"},
            {"type":"grandfooter","title":"Grand total","total":"1232.67"}
            ]}

            """)
    }

    @Test("French rows: translated titles and messages, dates as 01 avr. 2016, decimal commas; the same banding")
    func french() throws {
        let spy = AccountsPresenterOutputSpy()
        play(presenter(spy, .fr))
        guard case .report(let report) = try #require(spy.shown.first) else { Issue.record("no report"); return }
        #expect(report.rows == [
            .header(title: "Transactions autorisées"),
            .subheader(title: "01 avr. 2016", odd: true),
            .detail(description: "Starbucks", amount: "3,11", odd: true),
            .detail(description: "Refund", amount: "-5,00", odd: true),
            .subfooter(odd: true),
            .subheader(title: "02 avr. 2016", odd: false),
            .detail(description: "Uber", amount: "1234,56", odd: false),
            .subfooter(odd: false),
            .footer(title: "Total", total: "1232,67", odd: true),
            .header(title: "Transactions comptabilisées"),
            .message("Il n'y a aucune transaction comptabilisée pour cette période"),
            .grandFooter(title: "Total général", total: "1232,67"),
        ])
    }

    @Test("an unreadable source is worded per group in each language", arguments: [
        (Language.en, "Authorized Transactions are not currently available."),
        (.fr, "Les transactions autorisées ne sont pas disponibles pour le moment."),
    ])
    func notAvailable(language: Language, message: String) throws {
        let spy = AccountsPresenterOutputSpy()
        let presenter = presenter(spy, language)
        presenter.presentHeader(group: .authorized)
        presenter.presentNotAvailable(group: .authorized)
        presenter.presentReportEnd()
        guard case .report(let report) = try #require(spy.shown.first) else { Issue.record("no report"); return }
        #expect(report.rows.last == .message(message))
    }

    @Test("malformed dates and ids are 400 naming each parameter; storage is not reached")
    func malformed() throws {
        let spy = AccountsPresenterOutputSpy()
        presenter(spy).eventReport(id: "a b", from: "2016-4-1", to: "2016-02-30")
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("not malformed"); return }
        #expect(problem.errors.map(\.parameter) == ["id", "from", "to"])
    }

    @Test("range refusals are 422 with a stable code")
    func invalidRange() throws {
        let spy = AccountsPresenterOutputSpy()
        presenter(spy).presentInvalidRange(.tooLong(maximumDays: 366))
        presenter(spy).presentInvalidRange(.fromAfterTo)
        guard case .validation(let long) = spy.shown.first, case .validation(let after) = spy.shown.last else { Issue.record("not 422"); return }
        #expect(long.code == .invalidRange && long.errors.first?.code == .rangeTooLong && long.detail.contains("366"))
        #expect(after.errors.first?.code == .fromAfterTo)
    }

    @Test("a period over the cap is 422 report_too_large, worded in each language with the cap and a shorter period asked for", arguments: [
        (Language.en, "The report is too large",
         "The period holds more than 100000 transactions, the most one report covers; ask for a shorter period"),
        (.fr, "Le rapport est trop volumineux",
         "La période compte plus de 100000 transactions, le plus qu'un rapport couvre ; demandez une période plus courte"),
    ])
    func tooLarge(language: Language, title: String, detail: String) throws {
        let spy = AccountsPresenterOutputSpy()
        presenter(spy, language).presentReportTooLarge(maximumRows: 100_000)
        guard case .validation(let problem) = try #require(spy.shown.first) else { Issue.record("not 422"); return }
        #expect(spy.shown.count == 1)
        #expect(problem.code == .reportTooLarge && problem.title == title && problem.detail == detail && problem.errors.isEmpty)
    }
}

/// A clock the report presenter's use case never needs in these tests.
struct FixedTestClock: Clock {
    func now() -> Date { Fixture.created }
}
