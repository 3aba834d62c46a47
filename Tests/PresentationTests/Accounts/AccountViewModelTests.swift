import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

@Suite("account and transaction view models")
struct AccountViewModelTests {
    @Test("an account writes its id, name, currency, four Money values (what pending transfers hold taken from available) and creation time")
    func account() throws {
        let account = Account(id: AccountID("a_1"), ownerID: Fixture.owner, name: "Main \"A\"", currency: .cad, creditLimit: 50_000, createdAt: Fixture.created)
        let model = try AccountPresentationModel(account, amounts: AccountAmounts(balance: -1_234, pending: 766))
        #expect(json(AccountViewModel(model, language: .en)) == #"{"id":"a_1","name":"Main \"A\"","currency":"CAD","#
            + #""balance":{"minor":-1234,"currency":"CAD","formatted":"-$12.34"},"#
            + #""pending":{"minor":766,"currency":"CAD","formatted":"$7.66"},"#
            + #""available":{"minor":48000,"currency":"CAD","formatted":"$480.00"},"#
            + #""creditLimit":{"minor":50000,"currency":"CAD","formatted":"$500.00"},"#
            + #""createdAt":"2026-11-18T11:06:40Z"}"#)
    }

    @Test("a transaction writes its group, day, unsigned Money and direction, and for people the day in words and the amount signed")
    func transaction() {
        let row = Transaction(
            id: TransactionID("t_1"), accountID: AccountID("a_1"), group: .posted, direction: .credit, date: CalendarDate("2016-04-02")!,
            description: "Refund", amount: 500)
        let model = TransactionPresentationModel(row, currency: .cad)
        #expect(json(TransactionViewModel(model, language: .fr)) == #"{"id":"t_1","group":"posted","date":"2016-04-02","dateFormatted":"02 avr. 2016","#
            + #""description":"Refund","amount":{"minor":500,"currency":"CAD","formatted":"5,00\#u{A0}$"},"direction":"credit","#
            + #""signedAmount":{"minor":500,"currency":"CAD","formatted":"5,00\#u{A0}$"}}"#)
        #expect(json(SortedTransactionListViewModel(transactions: [SortedTransactionViewModel(model)]))
            == #"[{"group":"P","date":"2016-04-02T00:00:00Z","description":"Refund","amount":"5.00","debit":"C"}]"#)
        #expect(json(SortedTransactionsNotFoundViewModel(reason: "Transactions are not found")) == #"{"error":true,"reason":"Transactions are not found"}"#)
    }

    @Test("a debit's signed amount is negative in both languages, while amount stays unsigned")
    func debitIsSigned() {
        let row = Transaction(
            id: TransactionID("t_2"), accountID: AccountID("a_1"), group: .posted, direction: .debit, date: CalendarDate("2016-04-01")!,
            description: "Coffee", amount: 311)
        let model = TransactionPresentationModel(row, currency: .cad)
        let english = TransactionViewModel(model, language: .en)
        #expect(english.amount.formatted == "$3.11")
        #expect(english.signedAmount.minor == -311)
        #expect(english.signedAmount.formatted == "-$3.11")
        #expect(english.dateFormatted == "Apr 01, 2016")
        let french = TransactionViewModel(model, language: .fr)
        #expect(french.signedAmount.formatted == "-3,11\u{A0}$")
        #expect(french.dateFormatted == "01 avr. 2016")
    }

    @Test("cursors round-trip and refuse what this server did not hand out")
    func cursors() {
        let account = AccountCursor(createdAt: Date(timeIntervalSince1970: 1_795_000_000.123), id: AccountID("a_x"))
        #expect(AccountCursorCoding.decode(AccountCursorCoding.encode(account)) == account)
        let transaction = TransactionCursor(date: CalendarDate("2016-04-01")!, sequence: 42)
        #expect(TransactionCursorCoding.decode(TransactionCursorCoding.encode(transaction)) == transaction)
        #expect(TransactionCursorCoding.decode(AccountCursorCoding.encode(account)) == nil)
        #expect(AccountCursorCoding.decode("bm9wZQ") == nil)
    }

    @Test("account creation: wrong types and malformed currencies are 400 before the use case")
    func createFormat() throws {
        let spy = ViewModelOutputSpy<AccountViewModel>()
        let presenter = AccountCreatePresenter(
            useCase: AccountCreateUseCase(accounts: UntouchableAccountManager(), owner: Fixture.owner, clock: FixedTestClock(), ids: TimeOrderedIDGenerator()),
            output: spy, messages: Messages(.en))
        presenter.eventCreate(body: .object(["name": .number("1"), "currency": .string("cad")]))
        guard case .malformed(let problem) = try #require(spy.shown.first) else { Issue.record("not malformed"); return }
        #expect(problem.errors.map(\.pointer) == ["/name", "/currency"])
        #expect(problem.errors.map(\.code) == [.invalidType, .invalidFormat])
    }
}
