import Domain
import Testing

/// A TransactionManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedTransactionManager: TransactionManager {}

extension UnimplementedTransactionManager {
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
    public func fetch(id: TransactionID, owner: UserID) throws -> Transaction? {
        Issue.record("storage reached: TransactionShow")
        return nil
    }
}

/// Fails the test when any transaction storage call happens.
public struct UntouchableTransactionManager: UnimplementedTransactionManager {
    public init() {}
}
