/// What the report Responder must be able to show.
public protocol AccountReportPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    /// The report's rows, in order.
    func showReport(_ report: AccountReportViewModel)
}
