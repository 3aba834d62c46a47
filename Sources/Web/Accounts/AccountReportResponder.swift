import HTTPServer
import Presentation

/// Writes the banking report's rows: `{"rows": [...]}`.
final class AccountReportResponder: SceneResponder, AccountReportPresenterOutput {
    func showReport(_ report: AccountReportViewModel) {
        response = JSONBody.response(.ok, report)
    }
}
