/// What the banking report can lead to: the report as a stream of typed events, in order, or a
/// refusal before it begins; a storage failure may also end a begun report. Amounts are signed
/// as the report shows them: debits positive, credits negative.
public protocol AccountReportUseCaseOutput: StorageFailureOutput {
    /// First event of a report. The rest come as `pages` is asked for them
    /// (`presentNextPage(output:)`), a page at a time, until it presents `presentReportEnd()` or
    /// a storage failure; `pages` holds a snapshot of storage until then or its `close()`, which
    /// the receiver must call if it stops asking earlier.
    func presentReportBegin(_ report: AccountReportPresentationModel, pages: AccountReportTransformer)
    /// A group starts: authorized first, then posted.
    func presentHeader(group: TransactionGroup)
    /// The group's transactions of one date follow.
    func presentSubheader(date: CalendarDate)
    /// One transaction of that date: its description and signed amount.
    func presentDetail(description: String, amount: Money)
    /// The date's transactions are done.
    func presentSubfooter()
    /// The group had transactions; `total` is their signed sum.
    func presentFooter(total: Money)
    /// The group's source could not be read (instead of its dates and footer).
    func presentNotAvailable(group: TransactionGroup)
    /// The group has no transactions in the period (instead of its dates and footer).
    func presentNoTransactions(group: TransactionGroup)
    /// Always after both groups: the sum of the groups' totals (a group without a footer adds 0).
    /// The period's pending transfers follow, apart from the posted and authorized rows: their
    /// details and total come next, and do not count in the grand total.
    func presentPendingHeader()
    func presentGrandFooter(grandTotal: Money)
    /// Last event of a report: every row has been presented.
    func presentReportEnd()
    /// Missing, or someone else's account: indistinguishable on purpose.
    func presentNotFound(_ id: AccountID)
    /// `from`/`to` do not make a period the report can cover; nothing was read.
    func presentInvalidRange(_ failure: DateRangeFailure)
    /// The period holds more than `maximumRows` transactions; nothing of the report was
    /// presented, and a shorter period may fit.
    func presentReportTooLarge(maximumRows: Int)
}
