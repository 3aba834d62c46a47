import Domain
import Testing

/// A report's reader that fails the test when read: for a report whose events the test plays
/// itself. Closing it is allowed.
public final class UntouchableReportReader: TransactionReportReader {
    public init() {}

    public func count(upTo limit: Int) throws -> Int {
        Issue.record("storage reached: report count")
        return 0
    }
    public func page(group: TransactionGroup, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        Issue.record("storage reached: report page")
        return []
    }
    public func pendingTransfers(limit: Int) throws -> [Transfer] {
        Issue.record("storage reached: report pending")
        return []
    }
    public func close() {}
}
