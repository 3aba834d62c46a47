/// What the report Responder must be able to show.
///
/// A report begins with `showReportBegin()`; its rows then come a page at a time, as the
/// Presenter's `eventNextPage()` is called, so no whole report is ever held: a Responder writes
/// each row straight to bytes and sends them. A problem shown after the begin (a page that cannot
/// be read, a total that cannot be stored) means the report cannot be whole; the rows of a whole
/// report end with `showReportEnd()`.
public protocol AccountReportPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput {
    /// The report passed every check: its rows follow.
    func showReportBegin()
    /// The report's next row, in order.
    func showReportRow(_ row: AccountReportRowViewModel)
    /// Every row of the report has been shown.
    func showReportEnd()
}
