import Domain
import DomainTestSupport
import HTTPServer
import Logging
import Presentation
import TestSupport
import Testing

@testable import Web

@Suite("an internal inconsistency answers 500 and is logged loudly, apart from a storage failure")
struct InternalInconsistencyResponseTests {
    /// An order-placing stack as `OrdersConnector` builds it, logging into `log`; storage is
    /// never reached, since the test hands the outcome to the Presenter itself.
    func stack(_ log: LogRecorder) -> (OrderCreatePresenter, ViewModelResponder<OrderViewModel>) {
        let context = RequestContext(requestID: "req-7", language: .en, clientAddress: "10.0.0.1", logger: log.logger)
        let responder = ViewModelResponder<OrderViewModel>(context: context) { JSONBody.response(.created, $0) }
        let useCase = OrderCreateUseCase(
            orders: UntouchableOrderManager(), products: UntouchableProductManager(), contacts: UntouchableContactManager(),
            policy: .standard, owner: UserID("u_1"), clock: SystemClock(), ids: TimeOrderedIDGenerator())
        return (OrderCreatePresenter(useCase: useCase, output: responder, messages: context.messages), responder)
    }

    @Test("500 internal_error, and one error-level line with the reason and the request id")
    func loggedLoudly() {
        let log = LogRecorder()
        let (presenter, responder) = stack(log)
        presenter.presentInternalInconsistency("neither a shipment address nor a contact")
        #expect(responder.response.status.code == 500)
        #expect(String(decoding: responder.response.body, as: UTF8.self).contains(#""code":"internal_error""#))
        #expect(log.entries == [
            LogRecorder.Entry(
                level: .error, message: "internal inconsistency: neither a shipment address nor a contact", metadata: ["request_id": "req-7"])
        ])
    }

    @Test("a storage failure answers the same 500 but logs nothing: it is not a bug")
    func storageFailureIsQuiet() {
        let log = LogRecorder()
        let (presenter, responder) = stack(log)
        presenter.presentStorageFailure()
        #expect(responder.response.status.code == 500)
        #expect(log.entries.isEmpty)
    }
}
