import Dispatch

/// One caller's `Database.write` body, queued for the leader of a group commit to run on the writer.
///
/// The caller blocks until the group that holds it has committed or failed, so the body (a
/// non-escaping closure made escaping with `withoutActuallyEscaping`) never outlives its call.
///
/// Two pending writes are equal only when they are the same write: the group commit queue tells
/// its writes apart by identity.
final class PendingWrite: @unchecked Sendable, Equatable {
    // @unchecked: the caller creates it, then only waits; the leader runs `body` and sets
    // `failure`, then reports the group's end under `GroupCommitter`'s lock, and the caller reads
    // them after its own wake-up, reported under that same lock, which orders every access.

    private var body: ((SQLiteConnection) throws -> Void)?
    /// Why the write failed; nil once finished means its work is committed.
    private(set) var failure: (any Error)?
    /// The caller's own wake-up: signalled once, when the write is finished or its caller is to lead.
    private let wake = DispatchSemaphore(value: 0)

    init(_ body: @escaping (SQLiteConnection) throws -> Void) {
        self.body = body
    }

    static func == (lhs: PendingWrite, rhs: PendingWrite) -> Bool {
        lhs === rhs
    }

    /// Runs the caller's body on the writer.
    func run(on connection: SQLiteConnection) throws {
        try body?(connection)
    }

    /// Records why the write failed; the first reason stays (a later commit failure does not
    /// replace the error of the body itself).
    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Blocks the caller until `wakeUp`.
    func waitForWakeUp() {
        wake.wait()
    }

    /// Blocks the caller until `wakeUp` or `deadline` (on the monotonic clock, which no change of
    /// the wall clock moves); false when the deadline came first.
    func waitForWakeUp(until deadline: DispatchTime) -> Bool {
        wake.wait(timeout: deadline) == .success
    }

    /// Wakes the caller waiting in `waitForWakeUp` (or lets its wait return at once).
    func wakeUp() {
        wake.signal()
    }

    /// Forgets the body, so the caller's closure is no longer referenced when its call returns.
    func release() {
        body = nil
    }
}
