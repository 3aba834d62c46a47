import Domain

/// Converts the report's parameters, then turns the use case's events into rows of formatted
/// strings: titles and messages localized, dates and amounts in the client's language, and the
/// `odd` band that toggles at each subheader and each footer. Each row goes to the output as soon
/// as it is made, a page of them per `eventNextPage()`.
public final class AccountReportPresenter: AccountReportUseCaseOutput, StorageFailurePresenter {
    private let useCase: AccountReportUseCase
    private let output: any AccountReportPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    private var odd = false
    /// The begun report's pages still to present.
    private var pages: AccountReportTransformer?

    public init(useCase: AccountReportUseCase, output: any AccountReportPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// The path id and the `from`/`to` query values as sent.
    public func eventReport(id: String, from: String?, to: String?) {
        var reader = QueryReader(messages: messages)
        let account = reader.accountID(id)
        let first = reader.date(from, parameter: "from")
        let last = reader.date(to, parameter: "to")
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventReport(account: account, from: first, to: last, output: self)
    }

    /// The begun report's next page of rows to the output; false once the report has ended (its
    /// end or a problem shown). Called as the report's body is sent, a page at a time.
    public func eventNextPage() -> Bool {
        guard let pages else { return false }
        let more = pages.presentNextPage(output: self)
        if !more { self.pages = nil }
        return more
    }

    /// The report's body will not be sent to its end (the client went away, or a HEAD): its
    /// snapshot of storage ends now.
    public func eventAbandon() {
        pages?.close()
        pages = nil
    }

    public func presentReportBegin(_ report: AccountReportPresentationModel, pages: AccountReportTransformer) {
        odd = false
        self.pages = pages
        output.showReportBegin()
    }

    public func presentHeader(group: TransactionGroup) {
        output.showReportRow(.header(title: title(group)))
    }

    public func presentSubheader(date: CalendarDate) {
        odd.toggle()
        output.showReportRow(.subheader(title: ReportFormatting.date(date, language: messages.language), odd: odd))
    }

    public func presentDetail(description: String, amount: Money) {
        output.showReportRow(.detail(description: description, amount: ReportFormatting.amount(amount, language: messages.language), odd: odd))
    }

    public func presentSubfooter() {
        output.showReportRow(.subfooter(odd: odd))
    }

    public func presentFooter(total: Money) {
        odd.toggle()
        output.showReportRow(.footer(title: messages.text(.reportTotal), total: ReportFormatting.amount(total, language: messages.language), odd: odd))
    }

    public func presentNotAvailable(group: TransactionGroup) {
        output.showReportRow(.message(messages.text(group == .authorized ? .authorizedNotAvailable : .postedNotAvailable)))
    }

    public func presentNoTransactions(group: TransactionGroup) {
        output.showReportRow(.message(messages.text(group == .authorized ? .noAuthorizedInPeriod : .noPostedInPeriod)))
    }

    public func presentPendingHeader() {
        output.showReportRow(.header(title: messages.text(.reportPendingTitle)))
    }

    public func presentGrandFooter(grandTotal: Money) {
        output.showReportRow(.grandFooter(title: messages.text(.reportGrandTotal), total: ReportFormatting.amount(grandTotal, language: messages.language)))
    }

    public func presentReportEnd() {
        output.showReportEnd()
    }

    public func presentNotFound(_ id: AccountID) { output.showNotFound(AccountFailureWording.notFound(messages: messages)) }

    public func presentInvalidRange(_ failure: DateRangeFailure) {
        output.showValidationFailures(AccountFailureWording.invalidRange(failure, messages: messages))
    }

    public func presentReportTooLarge(maximumRows: Int) {
        output.showValidationFailures(AccountFailureWording.reportTooLarge(maximumRows: maximumRows, messages: messages))
    }

    private func title(_ group: TransactionGroup) -> String {
        messages.text(group == .authorized ? .authorizedTransactions : .postedTransactions)
    }
}
