import Domain
import Presentation

/// The banking report's body written whole, as the server wrote it before bodies were streamed:
/// every row collected from the same Presenter, then one document. What a streamed report must
/// equal byte for byte.
final class WholeReport: AccountReportPresenterOutput {
    private var rows: [AccountReportRowViewModel] = []
    private var ended = false
    private var problem: ProblemViewModel?

    /// The body of `account`'s report of `from...to` in `language`, read from `gateway`; nil when
    /// the report does not end whole.
    static func body(gateway: any EntityGateway, owner: UserID, account: String, from: String, to: String, language: Language) -> [UInt8]? {
        let output = WholeReport()
        let useCase = AccountReportUseCase(accounts: gateway.accounts, transactions: gateway.transactions, owner: owner, clock: SystemClock())
        let presenter = AccountReportPresenter(useCase: useCase, output: output, messages: Messages(language))
        presenter.eventReport(id: account, from: from, to: to)
        while presenter.eventNextPage() {}
        guard output.ended, output.problem == nil else { return nil }
        var json = JSONOutput()
        AccountReportViewModel(rows: output.rows).write(to: &json)
        return json.bytes
    }

    func showReportBegin() {}
    func showReportRow(_ row: AccountReportRowViewModel) { rows.append(row) }
    func showReportEnd() { ended = true }
    func showMalformedInput(_ problem: ProblemViewModel) { self.problem = problem }
    func showStorageUnavailable(_ problem: ProblemViewModel) { self.problem = problem }
    func showStorageFailure(_ problem: ProblemViewModel) { self.problem = problem }
    func showQuotaExceeded(_ problem: ProblemViewModel) { self.problem = problem }
    func showNotImplemented(_ problem: ProblemViewModel) { self.problem = problem }
    func showNotFound(_ problem: ProblemViewModel) { self.problem = problem }
    func showValidationFailures(_ problem: ProblemViewModel) { self.problem = problem }
}
