import Domain
import DomainTestSupport
import Foundation
import Presentation
import Testing

/// One step of the flow: exactly one step per body, converted like the one-step path's fields,
/// refused before the draft is even read.
@Suite("TransferDraftUpdatePresenter")
struct TransferDraftUpdatePresenterTests {
    func shown(_ body: JSONValue, id: String = "td_1") -> TransferPresenterOutputSpy {
        let spy = TransferPresenterOutputSpy()
        let flow = TransferFlow(
            drafts: UntouchableTransferDraftManager(), transfers: UntouchableTransferManager(), accounts: UntouchableAccountManager(),
            contacts: UntouchableContactManager(), users: UntouchableUserManager(), policy: TransferPolicy(), owner: Fixture.owner,
            clock: SystemClock(), ids: TimeOrderedIDGenerator())
        TransferDraftUpdatePresenter(flow: flow, output: spy, messages: Messages(.en)).eventUpdate(id: id, body: body)
        return spy
    }

    @Test("no step, or several steps in one body, is 400 one_step", arguments: [
        JSONValue.object([:]), .object(["amount": .string("1"), "memo": .string("x")]),
        .object(["toAccountId": .string("a_1"), "amount": .string("1")]), .object(["unknown": .string("x")]),
    ])
    func oneStep(body: JSONValue) throws {
        let problem = try #require(shown(body).problem)
        #expect(problem.code == .malformedRequest && problem.errors.map(\.code) == [.oneStep])
    }

    @Test("an amount step with bad syntax is 422 at /amount")
    func amount() throws {
        let spy = shown(.object(["amount": .number("12.5")]))
        guard case .validation(let problem)? = spy.shown.first else { throw CancellationError() }
        #expect(problem.errors.map { "\($0.pointer ?? "-") \($0.code)" } == ["/amount invalid_type"])
    }

    @Test("a malformed draft id is 400 naming the id parameter")
    func malformedID() throws {
        let problem = try #require(shown(.object(["memo": .string("x")]), id: "td 1").problem)
        #expect(problem.code == .malformedRequest && problem.errors.map(\.parameter) == ["id"])
    }
}
