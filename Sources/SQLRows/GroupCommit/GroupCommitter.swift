import Dispatch
import Foundation

/// Runs `GroupCommitQueue`'s decisions on the callers' threads: the thin driver that owns the lock
/// and the sleeping, while the queue decides who leads and what each group holds.
///
/// Each caller hands its events to the queue under `lock` and performs the action it gets back;
/// it sleeps on its own write's wake-up (`PendingWrite`), and the delay of a wait for company is
/// measured on the monotonic clock: a wall-clock deadline would stretch the wait by any step the
/// clock took back meanwhile, and stall every write. A wake-up that comes just as that wait times
/// out stays pending on a write that is about to be finished, and is never seen.
package final class GroupCommitter<Connection>: @unchecked Sendable {
    // @unchecked: `queue` is only touched while holding `lock`.

    private let lock = NSLock()
    private var queue: GroupCommitQueue<PendingWrite<Connection>>
    private var companyWaits = 0

    /// At most `limit` writes share one transaction; a lead waits up to `delay` for company after
    /// a group of several.
    package init(limit: Int, delay: Duration = .zero) {
        queue = GroupCommitQueue(limit: limit, delay: delay)
    }

    /// Queued writes not yet taken by a leader (for tests that need a group formed on purpose).
    package var waitingCount: Int {
        lock.withLock { queue.queued.count }
    }

    /// Groups whose lead waited for company before taking them (for `/metrics`): the queue asks
    /// for that wait at most once per group.
    package var groupsThatWaited: Int {
        lock.withLock { companyWaits }
    }

    /// Returns once `write` is finished: committed, or failed with its reason recorded in it.
    /// `runGroup` runs one group to its end (commit or failure) on the calling thread.
    package func submit(_ write: PendingWrite<Connection>, runGroup: ([PendingWrite<Connection>]) -> Void) {
        lock.lock()
        var action = queue.handle(.submitted(write))
        while true {
            switch action {
            case .wait(let lead):
                lock.unlock()
                lead?.wakeUp()
                write.waitForWakeUp()
                lock.lock()
                action = queue.handle(.woken(write))
            case .waitForCompany(let delay):
                companyWaits += 1
                lock.unlock()
                _ = write.waitForWakeUp(until: .now() + Self.nanoseconds(delay))
                lock.lock()
                action = queue.handle(.companyWaitEnded)
            case .run(let group):
                lock.unlock()
                runGroup(group)
                lock.lock()
                for member in group { member.release() }
                action = queue.handle(.groupRan)
            case .finishGroup(let finished, let nextLead):
                lock.unlock()
                for member in finished { member.wakeUp() }
                nextLead?.wakeUp()
                return
            case .done:
                lock.unlock()
                return
            case .none:
                // Every event above is sent in turn, so the queue never answers this; returning
                // would let a lead run a write whose caller is gone.
                preconditionFailure("group commit queue: an event out of turn")
            }
        }
    }

    /// `delay` (at most a minute, `GroupCommitQueue.init`) as Dispatch nanoseconds.
    private static func nanoseconds(_ delay: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = delay.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
