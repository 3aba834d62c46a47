import Dispatch
import Foundation

/// Keeps the contact search index merged while the server is idle: after a tick with no commit,
/// merges segments a few pages at a time (`Database.mergeContactSearchIndex`) until FTS5 finds
/// nothing left, yielding the writer whenever a write queues up.
///
/// While writes keep coming, FTS5's own automatic merging bounds the segments; this brings them
/// down to one in the pauses, where a search over a million contacts is four times cheaper.
public final class ContactSearchIndexMerger: @unchecked Sendable {
    // @unchecked: `commitsSeen` and `isMerged` are only touched on `queue`, a serial queue.
    private let database: Database
    private let queue = DispatchQueue(label: "viperd-search-merge", qos: .utility)
    private let timer: any DispatchSourceTimer
    private let budget: Duration
    private var commitsSeen: Int
    private var isMerged = false
    private let onError: @Sendable (any Error) -> Void

    /// Checks every `interval`; merges for at most `budget` per tick, a transaction at a time.
    public init(
        database: Database, interval: Duration = .seconds(1), budget: Duration = .milliseconds(250),
        onError: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        self.database = database
        self.budget = budget
        self.onError = onError
        commitsSeen = database.statistics.commits
        timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Int(interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    /// Stops the checks; a merge in progress finishes its transaction first.
    public func stop() {
        timer.cancel()
        queue.sync {}
    }

    deinit {
        timer.cancel()
    }

    private func tick() {
        guard database.statistics.commits == commitsSeen else {
            // Busy: contacts may have been indexed; merge once the writes pause.
            commitsSeen = database.statistics.commits
            isMerged = false
            return
        }
        // After a storage fault (a full disk), the writes it refused come first, and readiness
        // must see the fault cleared by one of them, not by the room a merge frees.
        guard !isMerged, database.currentStorageFault == nil else { return }
        let started = ContinuousClock.now
        func idle() -> Bool { database.groupCommitQueue.waitingCount == 0 && started.duration(to: .now) < budget }
        do {
            while idle() {
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
