import HTTPServer
import Presentation

/// Writes the banking report's rows, `{"rows": [...]}`, each straight to bytes as the Presenter
/// shows it, and sends them a page at a time (`AccountReportBody`): a report of 100,000
/// transactions is 7.6 to 48 MB of JSON, and neither it nor a tree of it is ever held whole.
final class AccountReportResponder: SceneResponder, AccountReportPresenterOutput {
    private var body = JSONOutput(capacity: 0)
    /// The report passed its checks: its answer is a streamed 200.
    private(set) var began = false
    /// The problem shown after the report began, which can only cut its body short.
    private(set) var failure: ProblemViewModel?

    func showReportBegin() {
        began = true
        body = JSONOutput(capacity: 64 * 1024)
        AccountReportViewModel.writeStart(to: &body)
    }

    func showReportRow(_ row: AccountReportRowViewModel) {
        AccountReportViewModel.writeRow(row, to: &body)
    }

    func showReportEnd() {
        AccountReportViewModel.writeEnd(to: &body)
    }

    override func showProblem(_ problem: ProblemViewModel, headers: HTTPHeaders = HTTPHeaders()) {
        guard began else { return super.showProblem(problem, headers: headers) }
        failure = problem
    }

    /// What was written since the last call: the body's next piece.
    func takeWritten() -> [UInt8] {
        body.takeBytes()
    }

    /// The answer: the problem shown, or a 200 whose body `presenter`'s pages make as it is sent.
    func response(pulling presenter: AccountReportPresenter) -> HTTPResponse {
        guard began else { return response }
        return JSONBody.response(.ok, streaming: AccountReportBody(presenter: presenter, responder: self))
    }
}
