import Synchronization

/// The bytes every connection of one server may hold for request bodies together, beyond each
/// body's first `HTTPServerConfiguration.unreservedBodyBytes`: a large body reserves its length
/// before it is read and gives it back with its response or its connection, so the memory that
/// slow uploads can pin has one bound however many connections send them.
final class BodyMemoryBudget: Sendable {
    private let limit: Int
    private let reserved = Atomic<Int>(0)

    /// A budget of `limit` bytes (0 or less: every reservation is refused).
    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` if they fit; false, taking nothing, when they do not.
    func reserve(_ bytes: Int) -> Bool {
        var current = reserved.load(ordering: .relaxed)
        while true {
            guard bytes <= limit, current <= limit - bytes else { return false }
            let (exchanged, original) = reserved.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back a reservation `reserve` granted.
    func release(_ bytes: Int) {
        reserved.subtract(bytes, ordering: .relaxed)
    }

    /// Bytes reserved right now.
    var inUse: Int { reserved.load(ordering: .relaxed) }
}
