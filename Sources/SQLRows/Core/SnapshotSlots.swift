import Domain
import Synchronization

/// How many snapshots (a connection held in one read transaction across many calls, such as a
/// report's pages) a database lends at once, in all and to one user: each keeps a connection
/// from everything else and holds back cleanup (SQLite's checkpoints, PostgreSQL's vacuum) while
/// it is open, so one user must not be able to take them all.
public final class SnapshotSlots: Sendable {
    private let limit: Int
    private let perOwner: Int
    private let taken = Mutex<(total: Int, byOwner: [UserID: Int])>((0, [:]))

    /// At most `limit` at once (at least one), `perOwner` of them to one user.
    public init(limit: Int, perOwner: Int = 1) {
        self.limit = max(1, limit)
        self.perOwner = max(1, perOwner)
    }

    /// Takes a slot for `owner`; false, taking nothing, when all are taken or `owner` holds
    /// their share.
    public func take(for owner: UserID) -> Bool {
        taken.withLock { taken in
            let held = taken.byOwner[owner, default: 0]
            guard taken.total < limit, held < perOwner else { return false }
            taken.total += 1
            taken.byOwner[owner] = held + 1
            return true
        }
    }

    /// Gives back a slot `take(for:)` granted to `owner`.
    public func give(for owner: UserID) {
        taken.withLock { taken in
            taken.total -= 1
            let held = taken.byOwner[owner, default: 1] - 1
            taken.byOwner[owner] = held > 0 ? held : nil
        }
    }

    /// Slots taken now.
    public var inUse: Int { taken.withLock { $0.total } }
}
