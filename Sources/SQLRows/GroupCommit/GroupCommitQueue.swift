/// Who leads a database's next group commit and which writes it holds, decided without locks,
/// threads or a clock.
///
/// Leader/follower, with no timer: a caller queues its write and, if no group is running, leads
/// one itself, taking every queued write (up to `limit`, oldest first); otherwise it waits, and
/// the writes that queue up during a group's run form the next one. A write that arrives alone
/// is led at once, as it was before grouping. When a group ends, the lead passes to the oldest
/// queued write, so a lead's own write is always the first of the group it runs.
///
/// Each waiting caller is woken exactly once: when its write is finished, or when it is handed
/// the lead of the next group. Waking every waiter at every commit (one shared condition) cost a
/// create a dozen context switches under 64 concurrent writers.
///
/// When the last group held several writes, writers are arriving together, and a lead first waits
/// up to `delay` for more to queue (less once the group is full), as PostgreSQL's `commit_delay`
/// does. Every commit has a fixed cost (its fsync and wake-ups, its log frames, a new search-index
/// segment, every reader's page cache emptied), and under the 90/10 mix a commit held only ~3.7
/// creates: waiting 1 ms served 2–10 % more requests, each with less CPU. A write after a lone one
/// is led at once.
///
/// `GroupCommitter` drives it: it hands each caller's event over under its lock and performs the
/// action it gets back; a write's failure is recorded in the write, so a group that failed (a
/// refused write, a storage fault, a failed commit) ends like any other.
struct GroupCommitQueue<Write: Equatable> {
    /// Who leads, and what the lead is doing.
    enum Lead: Equatable {
        /// No group runs: the next write to arrive leads at once.
        case none
        /// `lead`, the oldest queued write, leads (or was handed the lead and is waking up) and is
        /// about to take a group.
        case leading(Write)
        /// The lead sleeps until `delay` has passed or the group is full.
        case waitingForCompany(Write)
        /// The lead runs `group` (its own write first); the writes that queue meanwhile wait for
        /// the next one.
        case running(lead: Write, group: [Write])
    }

    /// At most this many writes share one transaction (at least one).
    let limit: Int
    /// How long a lead waits for company after a group of several (zero: never, at most a minute).
    let delay: Duration
    /// Who leads now.
    private(set) var lead = Lead.none
    /// The writes not yet taken into a group, oldest first.
    private(set) var queued: [Write] = []
    /// How many writes the last group held: a lead waits for company only after a group of several.
    private(set) var lastGroupCount = 0

    /// At most `limit` writes share one transaction; a lead waits up to `delay` for company after
    /// a group of several.
    init(limit: Int, delay: Duration = .zero) {
        self.limit = max(1, limit)
        // Bounded so that a driver's nanoseconds cannot overflow; `serve` allows at most a second.
        self.delay = min(max(delay, .zero), .seconds(60))
    }

    /// Takes one event from the caller whose write is concerned, and says what that caller must
    /// do now. An event out of turn changes nothing and answers `.none`.
    mutating func handle(_ event: Event) -> Action {
        switch event {
        case .submitted(let write):
            return submitted(write)
        case .woken(let write):
            // Handed the lead, its write is still queued; otherwise a lead finished it.
            guard lead == .leading(write) else { return .done }
            return startGroup(leading: write)
        case .companyWaitEnded:
            switch lead {
            case .waitingForCompany(let write), .leading(let write): return takeGroup(leading: write)
            case .none, .running: return .none
            }
        case .groupRan:
            guard case .running(_, let group) = lead else { return .none }
            let next = queued.first
            lead = next.map { .leading($0) } ?? .none
            return .finishGroup(waking: group.dropFirst(), nextLead: next)
        }
    }

    private mutating func submitted(_ write: Write) -> Action {
        queued.append(write)
        switch lead {
        case .none:
            lead = .leading(write)
            return startGroup(leading: write)
        case .waitingForCompany(let waiting) where queued.count >= limit:
            lead = .leading(waiting)
            return .wait(waking: waiting)
        case .leading, .waitingForCompany, .running:
            return .wait(waking: nil)
        }
    }

    /// After a group of several, the lead first waits for company unless the group is full.
    private mutating func startGroup(leading write: Write) -> Action {
        guard delay > .zero, lastGroupCount > 1, queued.count < limit else { return takeGroup(leading: write) }
        lead = .waitingForCompany(write)
        return .waitForCompany(delay)
    }

    private mutating func takeGroup(leading write: Write) -> Action {
        let count = min(queued.count, limit)
        lastGroupCount = count
        let group = Array(queued[0..<count])
        queued.removeFirst(count)
        lead = .running(lead: write, group: group)
        return .run(group)
    }
}
