import Foundation

/// Gathers the writes that arrive together so one transaction and one commit serve them all.
///
/// Leader/follower, with no timer: a caller queues its write and, if no group is running, leads
/// one itself, taking every queued write (up to `limit`, oldest first); otherwise it waits, and
/// the writes that queue up during a group's run form the next one. A write that arrives alone
/// is led at once, as it was before grouping.
///
/// Each waiting caller sleeps on its own write's wake-up and is woken exactly once: when its
/// write is finished, or when it is handed the lead of the next group. Waking every waiter at
/// every commit (one shared condition) cost a create a dozen context switches under 64
/// concurrent writers.
final class GroupCommitQueue: @unchecked Sendable {
    // @unchecked: every stored property is only touched while holding `lock`.

    private let lock = NSLock()
    private var queued: [PendingWrite] = []
    private var isLeading = false
    private let limit: Int

    /// At most `limit` writes share one transaction.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Queued writes not yet taken by a leader (for tests that need a group formed on purpose).
    var waitingCount: Int {
        lock.withLock { queued.count }
    }

    /// Returns once `write` is finished: committed, or failed with its reason recorded in it.
    /// `runGroup` runs one group to its end (commit or failure) on the calling thread.
    func submit(_ write: PendingWrite, runGroup: ([PendingWrite]) -> Void) {
        lock.lock()
        queued.append(write)
        if isLeading {
            lock.unlock()
            // Woken once: finished, or handed the lead (its write is then still queued).
            write.waitForWakeUp()
            lock.lock()
            if write.isFinished {
                lock.unlock()
                return
            }
        } else {
            isLeading = true
        }
        // The lead: run groups until this caller's own write is finished.
        while true {
            let count = min(queued.count, limit)
            let group = Array(queued[0..<count])
            queued.removeFirst(count)
            lock.unlock()
            runGroup(group)
            lock.lock()
            for member in group {
                member.release()
                member.isFinished = true
            }
            let next = queued.first
            if next == nil { isLeading = false }
            lock.unlock()
            for member in group where member !== write { member.wakeUp() }
            if write.isFinished {
                // The lead passes to the oldest waiting write, which runs the next group.
                next?.wakeUp()
                return
            }
            lock.lock()
        }
    }
}
