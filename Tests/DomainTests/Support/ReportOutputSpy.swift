import Domain

/// Records, in order, every event the banking report presents.
final class ReportOutputSpy: AccountReportUseCaseOutput {
    enum Event: Equatable {
        case begin(AccountReportPresentationModel)
        case header(TransactionGroup)
        case subheader(CalendarDate)
        case detail(String, Money)
        case subfooter
        case footer(Money)
        case notAvailable(TransactionGroup)
        case noTransactions(TransactionGroup)
        case pendingHeader
        case grandFooter(Money)
        case end
        case notFound(AccountID)
        case invalidRange(DateRangeFailure)
        case tooLarge(maximumRows: Int)
        case storageUnavailable
        case storageFailure
    }

    private(set) var events: [Event] = []

    /// Records the begin, then asks for every page, as the report's body would.
    func presentReportBegin(_ report: AccountReportPresentationModel, pages: AccountReportTransformer) {
        events.append(.begin(report))
        while pages.presentNextPage(output: self) {}
    }
    func presentHeader(group: TransactionGroup) { events.append(.header(group)) }
    func presentSubheader(date: CalendarDate) { events.append(.subheader(date)) }
    func presentDetail(description: String, amount: Money) { events.append(.detail(description, amount)) }
    func presentSubfooter() { events.append(.subfooter) }
    func presentFooter(total: Money) { events.append(.footer(total)) }
    func presentPendingHeader() { events.append(.pendingHeader) }
    func presentNotAvailable(group: TransactionGroup) { events.append(.notAvailable(group)) }
    func presentNoTransactions(group: TransactionGroup) { events.append(.noTransactions(group)) }
    func presentGrandFooter(grandTotal: Money) { events.append(.grandFooter(grandTotal)) }
    func presentReportEnd() { events.append(.end) }
    func presentNotFound(_ id: AccountID) { events.append(.notFound(id)) }
    func presentInvalidRange(_ failure: DateRangeFailure) { events.append(.invalidRange(failure)) }
    func presentReportTooLarge(maximumRows: Int) { events.append(.tooLarge(maximumRows: maximumRows)) }
    func presentStorageUnavailable() { events.append(.storageUnavailable) }
    func presentStorageFailure() { events.append(.storageFailure) }
}
