import HTTPServer
import Presentation

/// The banking report's body, made a page of transactions at a time as the client reads it: the
/// server asks for the next page only when the previous ones have mostly gone out, so a report's
/// memory is a page and a socket's high-water mark, whatever its size.
final class AccountReportBody: HTTPBodyProducer, @unchecked Sendable {
    // @unchecked: the server calls `next` and `finish` one at a time, on a worker, and nothing
    // else touches the presenter or the responder once the handler has returned.

    /// A problem after the report began: the body cannot be completed.
    struct Cut: Error, CustomStringConvertible {
        let code: ProblemCode
        var description: String { "the report stopped: \(code.rawValue)" }
    }

    private let presenter: AccountReportPresenter
    private let responder: AccountReportResponder

    init(presenter: AccountReportPresenter, responder: AccountReportResponder) {
        self.presenter = presenter
        self.responder = responder
    }

    func next(into chunk: inout [UInt8]) throws -> Bool {
        let more = presenter.eventNextPage()
        if let failure = responder.failure { throw Cut(code: failure.code) }
        chunk = responder.takeWritten()
        return more
    }

    func finish() {
        presenter.eventAbandon()
    }
}
