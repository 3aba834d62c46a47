import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

/// The transfer body's conversion: format errors are 400, the amount's syntax is 422 at
/// `/amount`, and neither reaches storage.
@Suite("TransferCreatePresenter")
struct TransferCreatePresenterTests {
    func presenter(_ spy: ViewModelOutputSpy<TransferViewModel>, _ language: Language = .en) -> TransferCreatePresenter {
        TransferCreatePresenter(
            useCase: TransferCreateUseCase(
                transfers: UntouchableTransferManager(), accounts: UntouchableAccountManager(), contacts: UntouchableContactManager(),
                users: UntouchableUserManager(), policy: TransferPolicy(), owner: Fixture.owner, clock: SystemClock(), ids: TimeOrderedIDGenerator()),
            output: spy, messages: Messages(language))
    }

    func body(amount: JSONValue?, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var fields: [String: JSONValue] = ["fromAccountId": .string("a_main"), "toAccountId": .string("a_savings")]
        if let amount { fields["amount"] = amount }
        return .object(fields.merging(extra) { _, new in new })
    }

    /// What the presenter showed for `body`: the kind, then `pointer code` per error.
    func outcome(_ body: JSONValue, _ language: Language = .en) throws -> (kind: String, errors: [String], details: [String]) {
        let spy = ViewModelOutputSpy<TransferViewModel>()
        presenter(spy, language).eventCreate(body: body)
        let problem = try #require(spy.problem, "no single problem: \(spy.shown)")
        let kind: String =
            switch spy.shown.first {
            case .malformed?: "400 \(problem.code)"
            case .validation?: "422 \(problem.code)"
            default: "other"
            }
        return (kind, problem.errors.map { "\($0.pointer ?? "-") \($0.code)" }, problem.errors.map(\.detail))
    }

    @Test("an amount that is not a well-formed decimal string is 422 at /amount, with a message saying what is wrong", arguments: [
        (JSONValue.string("-1"), "not_positive", "Amount must be more than zero"),
        (.string("1e3"), "invalid_format", "Amount must be digits with an optional decimal point, such as 12.34"),
        (.string("NaN"), "invalid_format", "Amount must be digits with an optional decimal point, such as 12.34"),
        (.string("1,000.00"), "invalid_format", "Amount must be digits with an optional decimal point, such as 12.34"),
        (.string(" 12"), "invalid_format", "Amount must be digits with an optional decimal point, such as 12.34"),
        (.string(".5"), "invalid_format", "Amount must be digits with an optional decimal point, such as 12.34"),
        (.string(String(repeating: "9", count: 30)), "too_long", "Must be at most 20 characters"),
        (.number("10"), "invalid_type", "Amount must be a string such as \"12.34\""),
        (.number("1e3"), "invalid_type", "Amount must be a string such as \"12.34\""),
        (.bool(true), "invalid_type", "Amount must be a string such as \"12.34\""),
    ])
    func amountSyntax(amount: JSONValue, code: String, detail: String) throws {
        let result = try outcome(body(amount: amount))
        #expect(result.kind == "422 validation_failed")
        #expect(result.errors == ["/amount \(code)"])
        #expect(result.details == [detail])
    }

    @Test("a blank amount counts as missing, as other blank fields do, and is named as required", arguments: ["", "   ", "\u{00A0}"])
    func blank(amount: String) throws {
        let result = try outcome(body(amount: .string(amount)))
        #expect(result.kind == "422 validation_failed" && result.errors == ["/amount required"])
        #expect(result.details == ["Amount must be entered"])
    }

    @Test("a zero amount passes the syntax and is refused by the use case's rule, before storage", arguments: ["0", "0.00"])
    func zero(amount: String) throws {
        let result = try outcome(body(amount: .string(amount)))
        #expect(result.kind == "422 validation_failed" && result.errors == ["/amount not_positive"])
    }

    @Test("the amount's messages are French for a French client")
    func french() throws {
        #expect(try outcome(body(amount: .number("5")), .fr).details == ["Le montant doit être une chaîne comme « 12.34 »"])
        #expect(try outcome(body(amount: .string("0")), .fr).details == ["Le montant doit être supérieur à zéro"])
    }

    @Test("wrong types and malformed ids are 400, each at its pointer, before the amount is judged")
    func formatErrors() throws {
        let result = try outcome(.object([
            "fromAccountId": .number("1"), "toAccountId": .string("a b"), "toContactId": .array([]), "memo": .bool(false), "amount": .number("1"),
        ]))
        #expect(result.kind == "400 malformed_request")
        #expect(Set(result.errors) == ["/fromAccountId invalid_type", "/toAccountId invalid_id", "/toContactId invalid_type", "/memo invalid_type"])
        #expect(try outcome(.array([])).kind == "400 malformed_request")
    }

    @Test("every missing field is named at once, each at its pointer")
    func missing() throws {
        let result = try outcome(.object([:]))
        #expect(result.kind == "422 validation_failed")
        #expect(result.errors == ["/fromAccountId required", "/toAccountId required", "/amount required"])
    }

    @Test("both recipients, and a memo past 140 characters, are refused together")
    func rules() throws {
        let result = try outcome(body(amount: .string("1"), ["toContactId": .string("c_bob"), "memo": .string(String(repeating: "m", count: 141))]))
        #expect(result.errors == ["/toContactId conflicting_recipients", "/memo too_long"])
        #expect(result.details == ["Enter toAccountId or toContactId, not both", "Must be at most 140 characters"])
    }
}
