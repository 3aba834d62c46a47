import Synchronization

/// How many snapshots (a connection held in one read transaction across many calls, such as a
/// report's pages) a database lends at once: each keeps a connection from everything else and
/// holds back cleanup (SQLite's checkpoints, PostgreSQL's vacuum) while it is open.
public final class SnapshotSlots: Sendable {
    private let limit: Int
    private let used = Atomic<Int>(0)

    /// At most `limit` at once (at least one).
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot; false, taking nothing, when all are taken.
    public func take() -> Bool {
        var current = used.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back a slot `take` granted.
    public func give() {
        used.subtract(1, ordering: .relaxed)
    }

    /// Slots taken now.
    public var inUse: Int { used.load(ordering: .relaxed) }
}
