import Dispatch
import Foundation
import SQLRows

/// Keeps contact search fast while the server is idle: after a tick with no query at all, it
/// splits the contact buckets that writes have grown (`Database.peelContactBucket`), renumbers
/// those whose last key climbed near their top slot (`Database.renumberContactBucket`), then merges
/// the search index's segments (`Database.mergeContactSearchIndex`), a transaction at a time,
/// yielding as soon as a write queues up.
///
/// All rewrite index entries, which a request should never wait for: a split or a renumbering
/// moves contacts (~70 µs each), a merge rewrites segments. While writes keep coming, a grown
/// bucket only costs a search that reaches it a larger sort, and FTS5's own automatic merging
/// bounds the segments. A tick that saw reads waits too, so the upkeep never takes the CPU from
/// requests.
public final class ContactSearchUpkeep: @unchecked Sendable {
    // @unchecked: the mutable state is only touched on `queue`, a serial queue.
    private let database: Database
    private let splitter: ContactBucketSplitter
    private let queue = DispatchQueue(label: "viperd-search-upkeep", qos: .utility)
    private let timer: any DispatchSourceTimer
    private let budget: Duration
    private var queriesSeen: Int
    private var commitsSeen: Int
    /// Whether writes since the last census may have grown a bucket.
    private var needsCensus = true
    private var isMerged = false
    private let onError: @Sendable (any Error) -> Void

    /// Checks every `interval`; works for at most `budget` per tick, a transaction at a time.
    public init(
        database: Database, order: SQLiteContactOrder = .standard, interval: Duration = .seconds(1),
        budget: Duration = .milliseconds(250), onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.database = database
        splitter = ContactBucketSplitter(database: database, order: order)
        self.budget = budget
        self.onError = onError
        let statistics = database.statistics
        queriesSeen = statistics.queries
        commitsSeen = statistics.commits
        timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Int(interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    /// Stops the checks; a transaction in progress finishes first.
    public func stop() {
        timer.cancel()
        queue.sync {}
    }

    deinit {
        timer.cancel()
    }

    private func tick() {
        let statistics = database.statistics
        if statistics.commits != commitsSeen {
            // Contacts may have been added (a bucket grown) or indexed (a segment added).
            needsCensus = true
            isMerged = false
        }
        guard statistics.queries == queriesSeen else {
            queriesSeen = statistics.queries
            commitsSeen = statistics.commits
            return
        }
        commitsSeen = statistics.commits
        // After a storage fault (a full disk), the writes it refused come first, and readiness
        // must see the fault cleared by one of them, not by the room a split or merge frees.
        guard !isMerged || needsCensus || splitter.hasWork, database.currentStorageFault == nil else { return }
        let started = ContinuousClock.now
        func idle() -> Bool {
            database.groupCommitter.waitingCount == 0 && database.statistics.queries == queriesSeen
                && started.duration(to: .now) < budget
        }
        do {
            if needsCensus {
                try splitter.census()
                needsCensus = false
            }
            while idle() {
                if try splitter.step() {
                    // The moved contacts' entries went into a new segment.
                    isMerged = false
                    continue
                }
                guard try database.mergeContactSearchIndex() else {
                    isMerged = true
                    return
                }
            }
        } catch {
            onError(error)
        }
    }
}
