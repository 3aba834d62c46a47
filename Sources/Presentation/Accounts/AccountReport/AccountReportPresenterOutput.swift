/// What the report Responder must be able to show.
public protocol AccountReportPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    func showReport(_ report: AccountReportViewModel)
}
