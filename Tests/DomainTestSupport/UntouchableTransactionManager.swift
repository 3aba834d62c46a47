import Domain
import Testing

/// Fails the test when any transaction storage call happens.
public struct UntouchableTransactionManager: TransactionManager {
    public init() {}

    public func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        Issue.record("storage reached: transaction list")
        return []
    }
    public func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader {
        Issue.record("storage reached: report reader")
        return UntouchableReportReader()
    }
    public func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws {
        Issue.record("storage reached: transaction insert")
    }
}
