import Domain
import Synchronization

/// A report's reader over an in-memory manager's copy of the rows; counts its reads and knows
/// whether it was closed.
final class InMemoryReportReader: TransactionReportReader, @unchecked Sendable {
    private let manager: InMemoryTransactionManager
    private let account: AccountID
    private let from: CalendarDate
    private let to: CalendarDate
    private(set) var closed = false
    private(set) var pagesRead = 0

    init(manager: InMemoryTransactionManager, account: AccountID, from: CalendarDate, to: CalendarDate) {
        self.manager = manager
        self.account = account
        self.from = from
        self.to = to
    }

    func count(upTo limit: Int) throws -> Int {
        guard !closed else { throw GatewayError.failure("closed") }
        return try manager.count(account: account, from: from, to: to, upTo: limit)
    }

    func page(group: TransactionGroup, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        guard !closed else { throw GatewayError.failure("closed") }
        pagesRead += 1
        let rows = try manager.transactions(account: account, group: group, from: from, to: to).filter { row in
            guard let cursor else { return true }
            return (row.date, row.sequence ?? 0) > (cursor.date, cursor.sequence)
        }
        return Array(rows.prefix(limit))
    }

    /// Holds the tests hand in, as if pending in the period.
    var pending: [Transfer] = []

    func pendingTransfers(limit: Int) throws -> [Transfer] {
        Array(pending.prefix(limit))
    }

    func close() {
        closed = true
    }
}
