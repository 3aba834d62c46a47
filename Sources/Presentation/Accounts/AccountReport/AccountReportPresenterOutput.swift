/// What the report Responder must be able to show.
///
/// The rows come one at a time, as the use case presents them, so no tree of a whole report is
/// ever built: a Responder can write each row straight to bytes. A problem shown after some rows
/// (a total that cannot be stored) replaces them; the rows of a whole report end with
/// `showReportEnd()`.
public protocol AccountReportPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    /// The report's next row, in order.
    func showReportRow(_ row: AccountReportRowViewModel)
    /// Every row of the report has been shown.
    func showReportEnd()
}
