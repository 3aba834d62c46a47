/// `GET /v1/accounts/{id}/report?from=&to=`: the banking report of one of the owner's accounts.
///
/// Outcomes: the report's begin, whose pages then present the rest of its events (see
/// `AccountReportUseCaseOutput`), `presentNotFound(_:)`,
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
            let reader = try transactions.reportReader(account: id, owner: owner, from: first, to: last)
            // Counted in the report's own snapshot, before anything is presented, and only on the
            // owner's account: one past the cap is enough to refuse, so counting never reads a
            // whole history, and no row committed after the count can join the report.
            let (limit, overflow) = maximumRows.addingReportingOverflow(1)
            let count: Int
            do {
                count = try reader.count(upTo: overflow ? maximumRows : limit)
            } catch {
                reader.close()
                throw error
            }
            guard count <= maximumRows else {
                reader.close()
                output.presentReportTooLarge(maximumRows: maximumRows)
                return
            }
            output.presentReportBegin(
                AccountReportPresentationModel(account: account, from: first, to: last),
                pages: AccountReportTransformer(reader: reader, account: account))
        } catch {
            output.presentStorage(error)
        }
    }
}
