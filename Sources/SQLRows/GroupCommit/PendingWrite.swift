import Dispatch

/// One caller's write body, queued for the leader of a group commit to run on the connection
/// that holds the group's transaction (SQLite's writer, a pooled PostgreSQL session).
///
/// The caller blocks until the group that holds it has committed or failed, so the body (a
/// non-escaping closure made escaping with `withoutActuallyEscaping`) never outlives its call.
///
/// Two pending writes are equal only when they are the same write: the group commit queue tells
/// its writes apart by identity.
package final class PendingWrite<Connection>: @unchecked Sendable, Equatable {
    // @unchecked: the caller creates it, then only waits; the leader runs `body` and sets
    // `failure`, then reports the group's end under `GroupCommitter`'s lock, and the caller reads
    // them after its own wake-up, reported under that same lock, which orders every access.

    private var body: ((Connection) throws -> Void)?
    /// The rows the body locks, for a database that locks a group's union first (`RowLocks`).
    package let locks: RowLocks
    /// Why the write failed; nil once finished means its work is committed.
    package private(set) var failure: (any Error)?
    /// The caller's own wake-up: signalled once, when the write is finished or its caller is to lead.
    private let wake = DispatchSemaphore(value: 0)

    package init(locks: RowLocks = RowLocks(), _ body: @escaping (Connection) throws -> Void) {
        self.locks = locks
        self.body = body
    }

    package static func == (lhs: PendingWrite, rhs: PendingWrite) -> Bool {
        lhs === rhs
    }

    /// Runs the caller's body on the connection of the group's transaction.
    package func run(on connection: Connection) throws {
        try body?(connection)
    }

    /// Records why the write failed; the first reason stays (a later commit failure does not
    /// replace the error of the body itself).
    package func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Blocks the caller until `wakeUp`.
    package func waitForWakeUp() {
        wake.wait()
    }

    /// Blocks the caller until `wakeUp` or `deadline` (on the monotonic clock, which no change of
    /// the wall clock moves); false when the deadline came first.
    package func waitForWakeUp(until deadline: DispatchTime) -> Bool {
        wake.wait(timeout: deadline) == .success
    }

    /// Wakes the caller waiting in `waitForWakeUp` (or lets its wait return at once).
    package func wakeUp() {
        wake.signal()
    }

    /// Forgets the body, so the caller's closure is no longer referenced when its call returns.
    package func release() {
        body = nil
    }
}

extension PendingWrite {
    /// Wraps `body` in a pending write, hands it to `run` (which submits it to a group, or runs
    /// it alone, and returns once it is finished) and returns what `body` returned, or the
    /// write's failure: the one way both gateways turn a caller's closure into a queued write.
    package static func perform<T>(
        locks: RowLocks = RowLocks(), _ body: (Connection) throws -> T, _ run: (PendingWrite<Connection>) -> Void
    ) -> Result<T, any Error> {
        var result: T?
        let failure: (any Error)? = withoutActuallyEscaping(body) { body in
            let pending = PendingWrite(locks: locks) { connection in result = try body(connection) }
            run(pending)
            return pending.failure
        }
        if let failure { return .failure(failure) }
        // Unreachable: a write that did not fail ran its body, which set the result.
        guard let result else { return .failure(UnfinishedWrite()) }
        return .success(result)
    }
}

/// A write reported finished without failure whose body never ran: a broken group driver.
package struct UnfinishedWrite: Error, CustomStringConvertible {
    package var description: String { "a write finished without running its body" }
}
