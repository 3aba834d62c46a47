import Foundation

/// Gathers the writes that arrive together so one transaction and one commit serve them all.
///
/// Leader/follower, with no timer: a caller queues its write and, if no group is running, leads
/// one itself, taking every queued write (up to `limit`, oldest first); otherwise it waits, and
/// the writes that queue up during a group's run form the next one. A write that arrives alone
/// is led at once, as it was before grouping.
final class GroupCommitQueue: @unchecked Sendable {
    // @unchecked: every stored property is only touched while holding `condition`.

    private let condition = NSCondition()
    private var queued: [PendingWrite] = []
    private var isLeading = false
    private let limit: Int

    /// At most `limit` writes share one transaction.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Queued writes not yet taken by a leader (for tests that need a group formed on purpose).
    var waitingCount: Int {
        condition.withLock { queued.count }
    }

    /// Returns once `write` is finished: committed, or failed with its reason recorded in it.
    /// `runGroup` runs one group to its end (commit or failure) on the calling thread.
    func submit(_ write: PendingWrite, runGroup: ([PendingWrite]) -> Void) {
        condition.lock()
        queued.append(write)
        while !write.isFinished {
            guard !isLeading else {
                condition.wait()
                continue
            }
            isLeading = true
            let count = min(queued.count, limit)
            let group = Array(queued[0..<count])
            queued.removeFirst(count)
            condition.unlock()
            runGroup(group)
            condition.lock()
            for member in group {
                member.release()
                member.isFinished = true
            }
            isLeading = false
            // Wakes the finished callers, and the rest, one of which then leads the next group.
            condition.broadcast()
        }
        condition.unlock()
    }
}
