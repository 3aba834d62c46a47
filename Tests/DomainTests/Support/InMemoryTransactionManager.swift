import Domain
import DomainTestSupport
import Synchronization

/// A TransactionManager in memory, with the SQLite one's ordering rules; each report source can
/// be made to fail on its own.
final class InMemoryTransactionManager: UnimplementedTransactionManager {
    private let rows = Mutex<[Transaction]>([])
    /// Groups whose report source throws `GatewayError.unavailable`.
    let unavailableGroups = Mutex<Set<TransactionGroup>>([])
    /// When set, every call throws it.
    let failure = Mutex<GatewayError?>(nil)
    /// When set, `insert` throws it after storing this many rows, and keeps none.
    let failInsertAfter = Mutex<Int?>(nil)

    init(_ initial: [Transaction] = []) {
        try? insert(initial) { _ in }
    }

    var all: [Transaction] { rows.withLock { $0 } }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        try check()
        return rows.withLock { stored in
            stored.filter { row in
                row.accountID == account && (filter.group.map { row.group == $0 } ?? true)
                    && (filter.from.map { row.date >= $0 } ?? true) && (filter.to.map { row.date <= $0 } ?? true)
            }
            .sorted { ($0.date, $0.sequence ?? 0) > ($1.date, $1.sequence ?? 0) }
            .filter { row in
                guard let cursor else { return true }
                return (row.date, row.sequence ?? 0) < (cursor.date, cursor.sequence)
            }
            .prefix(limit).map { $0 }
        }
    }

    func transactions(account: AccountID, group: TransactionGroup, from: CalendarDate, to: CalendarDate) throws -> [Transaction] {
        try check()
        if unavailableGroups.withLock({ $0.contains(group) }) { throw GatewayError.unavailable("source down") }
        return rows.withLock { stored in
            stored.filter { $0.accountID == account && $0.group == group && $0.date >= from && $0.date <= to }
                .sorted { ($0.date, $0.sequence ?? 0) < ($1.date, $1.sequence ?? 0) }
        }
    }

    /// Reads from a copy of the rows taken now, as a gateway's snapshot would; the groups made
    /// unavailable still fail when read.
    func reportReader(account: AccountID, owner: UserID, from: CalendarDate, to: CalendarDate) throws -> any TransactionReportReader {
        try check()
        let snapshot = InMemoryTransactionManager(rows.withLock { $0 })
        snapshot.unavailableGroups.withLock { $0 = unavailableGroups.withLock { $0 } }
        let reader = InMemoryReportReader(manager: snapshot, account: account, from: from, to: to)
        readers.withLock { $0.append(reader) }
        return reader
    }

    /// Every report reader opened, to check that each was closed.
    let readers = Mutex<[InMemoryReportReader]>([])

    func count(account: AccountID, from: CalendarDate, to: CalendarDate, upTo limit: Int) throws -> Int {
        try check()
        let count = rows.withLock { stored in stored.count { $0.accountID == account && $0.date >= from && $0.date <= to } }
        return min(count, limit)
    }

    func insert(_ transactions: [Transaction], progress: (Int) -> Void) throws {
        try check()
        let limit = failInsertAfter.withLock { $0 }
        try rows.withLock { stored in
            var added: [Transaction] = []
            for transaction in transactions {
                if let limit, added.count == limit { throw GatewayError.failure("disk full") }
                var row = transaction
                row.sequence = Int64(stored.count + added.count + 1)
                added.append(row)
            }
            stored += added
        }
        progress(transactions.count)
    }
}
