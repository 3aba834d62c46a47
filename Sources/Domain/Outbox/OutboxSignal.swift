import Synchronization

/// Tells whoever waits on users' outboxes (the live streams) that they grew: the gateway calls
/// `committed(_:)` after the commit of every write that appended events, never inside it.
///
/// A call may name a user whose event did not commit after all (a write of a group that failed,
/// a transaction retried): a waiter then reads and finds nothing new. It never names fewer users
/// than committed events, so a waiter that reads after each call misses none.
public final class OutboxSignal: Sendable {
    private let handlers = Mutex<[@Sendable ([UserID]) -> Void]>([])

    /// A signal nobody listens to yet.
    public init() {}

    /// Calls `handler` with the users of every later commit. It runs on the committing thread,
    /// while the store may still hold its writer: it must only hand the work over (a queue, a
    /// wake-up), never read or write storage itself.
    public func subscribe(_ handler: @escaping @Sendable ([UserID]) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// The outboxes of `users` grew in a commit that just ended.
    public func committed(_ users: [UserID]) {
        guard !users.isEmpty else { return }
        let current = handlers.withLock { $0 }
        for handler in current { handler(users) }
    }
}
