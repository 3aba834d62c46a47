import Synchronization

/// Bytes that every connection of one server may hold together for one purpose, so that what
/// many slow clients can pin has one bound however many connections they open: request bodies
/// being read (reserved before they are read, or refused) and responses a client has not read
/// (counted as they block; past the budget the slowest readers are dropped).
final class MemoryBudget: Sendable {
    private let limit: Int
    private let used = Atomic<Int>(0)

    /// A budget of `limit` bytes (0 or less: every reservation is refused).
    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` if they fit; false, taking nothing, when they do not.
    func reserve(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard bytes <= limit, current <= limit - bytes else { return false }
            let (exchanged, original) = used.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back bytes `reserve` granted or `adjust` counted.
    func release(_ bytes: Int) {
        used.subtract(bytes, ordering: .relaxed)
    }

    /// Counts `delta` more bytes (fewer when negative), whether or not they fit.
    func adjust(by delta: Int) {
        used.add(delta, ordering: .relaxed)
    }

    /// Whether more is counted than the budget allows.
    var isOver: Bool { used.load(ordering: .relaxed) > limit }

    /// Bytes counted right now.
    var inUse: Int { used.load(ordering: .relaxed) }
}
