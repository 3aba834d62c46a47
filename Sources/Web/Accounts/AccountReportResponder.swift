import HTTPServer
import Presentation

/// Writes the banking report's rows, `{"rows": [...]}`, each straight to bytes as the Presenter
/// shows it: a report of 100,000 transactions is about 7.6 MB of JSON, and no tree of it is
/// built beside them.
final class AccountReportResponder: SceneResponder, AccountReportPresenterOutput {
    private var body = JSONOutput(capacity: 0)
    private var begun = false

    func showReportRow(_ row: AccountReportRowViewModel) {
        begin()
        row.write(to: &body)
    }

    func showReportEnd() {
        begin()
        AccountReportViewModel.writeEnd(to: &body)
        response = JSONBody.response(.ok, written: body)
        body = JSONOutput(capacity: 0)
    }

    private func begin() {
        guard !begun else { return }
        begun = true
        body = JSONOutput(capacity: 64 * 1024)
        AccountReportViewModel.writeStart(to: &body)
    }
}
