/// `GET /v1/accounts/{id}/report?from=&to=`: the banking report of one of the owner's accounts.
///
/// Outcomes: the report's events (see `AccountReportUseCaseOutput`), `presentNotFound(_:)`,
/// `presentInvalidRange(_:)` (`from` after `to`, more than 366 days), `presentReportTooLarge(maximumRows:)`
/// (the period holds more than `maximumRows` transactions), storage failures.
public struct AccountReportUseCase {
    /// The longest report, both ends included: a leap year.
    public static let maximumDays = 366
    /// A report without `from` covers this many days up to `to`.
    public static let defaultDays = 90

    private let accounts: any AccountManager
    private let transactions: any TransactionManager
    private let owner: UserID
    private let clock: any Clock
    private let maximumRows: Int

    /// - Parameter maximumRows: the most transactions a report's period may hold
    ///   (`AccountPolicy.maximumReportRows`).
    public init(
        accounts: any AccountManager, transactions: any TransactionManager, owner: UserID, clock: any Clock,
        maximumRows: Int = AccountPolicy.defaultMaximumReportRows
    ) {
        self.accounts = accounts
        self.transactions = transactions
        self.owner = owner
        self.clock = clock
        self.maximumRows = maximumRows
    }

    /// - Parameters:
    ///   - from: first day; nil means `defaultDays` days before `to` (both included).
    ///   - to: last day; nil means today (UTC).
    public func eventReport(account id: AccountID, from: CalendarDate?, to: CalendarDate?, output: any AccountReportUseCaseOutput) {
        // A clock outside years 1...9999 is broken, not the client's doing.
        guard let last = to ?? CalendarDate(utc: clock.now()),
            let first = from ?? last.adding(days: -(Self.defaultDays - 1)) ?? CalendarDate(year: 1, month: 1, day: 1)
        else {
            output.presentStorageFailure()
            return
        }
        guard first <= last else {
            output.presentInvalidRange(.fromAfterTo)
            return
        }
        guard last.dayNumber - first.dayNumber + 1 <= Self.maximumDays else {
            output.presentInvalidRange(.tooLong(maximumDays: Self.maximumDays))
            return
        }
        do {
            guard let account = try accounts.fetch(id: id, owner: owner) else {
                output.presentNotFound(id)
                return
            }
            // Counted before anything is read or presented, and only on the owner's account: one
            // past the cap is enough to refuse, so counting never reads a whole history.
            let (limit, overflow) = maximumRows.addingReportingOverflow(1)
            guard try transactions.count(account: id, from: first, to: last, upTo: overflow ? maximumRows : limit) <= maximumRows else {
                output.presentReportTooLarge(maximumRows: maximumRows)
                return
            }
            AccountReportTransformer(transactions: transactions).transform(account: account, from: first, to: last, output: output)
        } catch {
            output.presentStorage(error)
        }
    }
}
