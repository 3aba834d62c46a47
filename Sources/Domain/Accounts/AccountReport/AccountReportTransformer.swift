/// The banking report over one account (the seeds' CleanReportTableDemo two-source transformer):
/// for the authorized then the posted transactions, a header; then a message when the source
/// cannot be read or is empty, or per date a subheader, its details and a subfooter followed by
/// the group's footer; then, only when some of the account's transfers sent in the period still
/// wait for their recipient, a pending section in the same shape whose total stays out of the
/// grand total (the money is reserved, not posted); always a grand footer.
///
/// Presented a page of transactions at a time, as the report's body is sent, so no report is
/// ever held whole; every page comes from the reader's one snapshot, so rows and totals agree
/// across pages. A date's details may span pages: its subheader comes with the first of them.
public final class AccountReportTransformer {
    /// Transactions read per page: a page of the longest rows (~480 bytes of JSON) is ~60 KiB,
    /// about the connection's high-water mark, and 100,000 rows take ~800 reads.
    public static let defaultPageSize = 128
    /// The most pending transfers the section lists (a sender has at most
    /// `StorageQuotas.pendingTransfers` at once, 20 by default).
    public static let maximumPendingRows = 1_000

    private static let groups: [TransactionGroup] = [.authorized, .posted]

    private let reader: any TransactionReportReader
    private let currency: Currency
    private let pageSize: Int

    private var groupIndex = 0
    private var groupStarted = false
    /// The last row presented in the current group, nil before its first page.
    private var cursor: TransactionCursor?
    private var total: Int64 = 0
    private var grandTotal: Int64 = 0
    private var ended = false

    /// The range is already checked, and the period's size admitted, by the use case.
    public init(reader: any TransactionReportReader, account: Account, pageSize: Int = AccountReportTransformer.defaultPageSize) {
        self.reader = reader
        currency = account.currency
        self.pageSize = max(1, pageSize)
    }

    /// Presents the report's next events, at most one page of transactions; true while more
    /// follow. The last call presents the grand footer and `presentReportEnd()`, or
    /// `presentStorageFailure()` when a page after a group's first cannot be read or a total does
    /// not fit in 64-bit minor units (only corrupt data can do that), and closes the reader.
    public func presentNextPage(output: any AccountReportUseCaseOutput) -> Bool {
        while !ended {
            guard groupIndex < Self.groups.count else {
                guard presentPending(output) else { return false }
                output.presentGrandFooter(grandTotal: Money(minor: grandTotal, currency: currency))
                output.presentReportEnd()
                close()
                return false
            }
            let group = Self.groups[groupIndex]
            if !groupStarted {
                output.presentHeader(group: group)
                groupStarted = true
            }
            let rows: [Transaction]
            do {
                rows = try reader.page(group: group, after: cursor, limit: pageSize)
            } catch {
                // The group's source is unreadable: said in its place, as when it is empty. Once
                // some of its rows are out, the report can no longer be whole.
                guard cursor == nil else { return fail(output) }
                output.presentNotAvailable(group: group)
                nextGroup()
                continue
            }
            if rows.isEmpty && cursor == nil {
                output.presentNoTransactions(group: group)
                nextGroup()
                continue
            }
            for row in rows {
                guard let sequence = row.sequence else { return fail(output) }
                if row.date != cursor?.date {
                    if cursor != nil { output.presentSubfooter() }
                    output.presentSubheader(date: row.date)
                }
                let (sum, overflow) = total.addingReportingOverflow(row.reportAmount)
                guard !overflow else { return fail(output) }
                total = sum
                output.presentDetail(description: row.description, amount: Money(minor: row.reportAmount, currency: currency))
                cursor = TransactionCursor(date: row.date, sequence: sequence)
            }
            if rows.count < pageSize {
                // A short page is the group's last: no read is spent learning that it is empty.
                output.presentSubfooter()
                output.presentFooter(total: Money(minor: total, currency: currency))
                let (sum, overflow) = grandTotal.addingReportingOverflow(total)
                guard !overflow else { return fail(output) }
                grandTotal = sum
                nextGroup()
            }
            if !rows.isEmpty { return true }
        }
        return false
    }

    /// The pending section, when there is one; false after a failure (already presented).
    private func presentPending(_ output: any AccountReportUseCaseOutput) -> Bool {
        let pending: [Transfer]
        do {
            pending = try reader.pendingTransfers(limit: Self.maximumPendingRows)
        } catch {
            return fail(output)
        }
        guard !pending.isEmpty else { return true }
        output.presentPendingHeader()
        var date: CalendarDate?
        var sum: Int64 = 0
        for transfer in pending {
            guard let day = CalendarDate(utc: transfer.createdAt) else { return fail(output) }
            if day != date {
                if date != nil { output.presentSubfooter() }
                output.presentSubheader(date: day)
                date = day
            }
            let (added, overflow) = sum.addingReportingOverflow(transfer.amount.minor)
            guard !overflow else { return fail(output) }
            sum = added
            output.presentDetail(description: "Transfer to \(transfer.recipientName)", amount: transfer.amount)
        }
        output.presentSubfooter()
        output.presentFooter(total: Money(minor: sum, currency: currency))
        return true
    }

    /// The report will not be read to its end (its client went away): the snapshot ends now.
    public func close() {
        ended = true
        reader.close()
    }

    private func nextGroup() {
        groupIndex += 1
        groupStarted = false
        cursor = nil
        total = 0
    }

    private func fail(_ output: any AccountReportUseCaseOutput) -> Bool {
        output.presentStorageFailure()
        close()
        return false
    }
}
