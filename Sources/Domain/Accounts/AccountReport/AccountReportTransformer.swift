/// The banking report over one account (the seeds' CleanReportTableDemo two-source transformer):
/// for the authorized then the posted transactions, a header; then a message when the source
/// cannot be read or is empty, or per date a subheader, its details and a subfooter followed by
/// the group's footer; always a grand footer.
public struct AccountReportTransformer {
    private let transactions: any TransactionManager

    public init(transactions: any TransactionManager) {
        self.transactions = transactions
    }

    /// The range is already checked by the use case.
    ///
    /// Totals are overflow-checked: stored amounts whose sum does not fit in 64-bit minor units
    /// can only be corrupt data, and end the report with `presentStorageFailure()`.
    public func transform(account: Account, from: CalendarDate, to: CalendarDate, output: any AccountReportUseCaseOutput) {
        output.presentReportBegin(AccountReportPresentationModel(account: account, from: from, to: to))
        var grandTotal: Int64 = 0
        for group in [TransactionGroup.authorized, .posted] {
            guard let total = transform(group: group, account: account, from: from, to: to, output: output) else {
                output.presentStorageFailure()
                return
            }
            let (sum, overflow) = grandTotal.addingReportingOverflow(total)
            guard !overflow else {
                output.presentStorageFailure()
                return
            }
            grandTotal = sum
        }
        output.presentGrandFooter(grandTotal: Money(minor: grandTotal, currency: account.currency))
        output.presentReportEnd()
    }

    /// The group's signed total (0 when it has no footer); nil when it overflows.
    private func transform(group: TransactionGroup, account: Account, from: CalendarDate, to: CalendarDate, output: any AccountReportUseCaseOutput) -> Int64? {
        output.presentHeader(group: group)
        let rows: [Transaction]
        do {
            rows = try transactions.transactions(account: account.id, group: group, from: from, to: to)
        } catch {
            output.presentNotAvailable(group: group)
            return 0
        }
        guard !rows.isEmpty else {
            output.presentNoTransactions(group: group)
            return 0
        }
        var total: Int64 = 0
        var index = rows.startIndex
        while index < rows.endIndex {
            let date = rows[index].date
            output.presentSubheader(date: date)
            while index < rows.endIndex, rows[index].date == date {
                let amount = rows[index].reportAmount
                let (sum, overflow) = total.addingReportingOverflow(amount)
                guard !overflow else { return nil }
                total = sum
                output.presentDetail(description: rows[index].description, amount: Money(minor: amount, currency: account.currency))
                index += 1
            }
            output.presentSubfooter()
        }
        output.presentFooter(total: Money(minor: total, currency: account.currency))
        return total
    }
}
