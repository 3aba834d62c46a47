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
///
/// When the last group held several writes, writers are arriving together, and a lead first waits
/// up to `delay` for more to queue (less once the group is full), as PostgreSQL's `commit_delay`
/// does. Every commit has a fixed cost (its fsync and wake-ups, its log frames, a new search-index
/// segment, every reader's page cache emptied), and under the 90/10 mix a commit held only ~3.7
/// creates: waiting 1 ms served 2–10 % more requests, each with less CPU. A write after a lone one
/// is led at once.
final class GroupCommitQueue: @unchecked Sendable {
    // @unchecked: every stored property is only touched while holding `lock`.

    private let lock = NSLock()
    private var queued: [PendingWrite] = []
    private var isLeading = false
    /// How many writes the last group held.
    private var lastGroupCount = 0
    /// The lead's write while it waits for company: the write that fills the group wakes it.
    private var waitingLead: PendingWrite?
    private let limit: Int
    /// In nanoseconds; zero: a lead never waits.
    private let delayNanoseconds: Int

    /// At most `limit` writes share one transaction; a lead waits up to `delay` for company after
    /// a group of several.
    init(limit: Int, delay: Duration = .zero) {
        self.limit = max(1, limit)
        // Bounded so the nanoseconds cannot overflow; `serve` allows at most a second.
        let (seconds, attoseconds) = min(max(delay, .zero), .seconds(60)).components
        delayNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
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
        if queued.count >= limit, let lead = waitingLead {
            waitingLead = nil
            lead.wakeUp()
        }
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
            waitForCompany(leading: write)
            let count = min(queued.count, limit)
            lastGroupCount = count
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

    /// With `lock` held, by the lead (`lead` is its write) before it takes a group: after a group
    /// of several, waits until the delay has passed or the group is full.
    ///
    /// On the lead's own wake-up, which it no longer needs for anything else, and on the monotonic
    /// clock: a wall-clock deadline would stretch the wait by any step the clock took back
    /// meanwhile, and stall every write. A wake-up that comes just as the wait times out stays
    /// pending, and only spares the lead its next wait.
    private func waitForCompany(leading lead: PendingWrite) {
        guard delayNanoseconds > 0, lastGroupCount > 1, queued.count < limit else { return }
        waitingLead = lead
        lock.unlock()
        _ = lead.waitForWakeUp(until: .now() + .nanoseconds(delayNanoseconds))
        lock.lock()
        if waitingLead === lead { waitingLead = nil }
    }
}
