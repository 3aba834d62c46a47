import Foundation
import Synchronization

/// Counts attempts in a sliding window, in memory (per process: one SQLite instance).
public final class InMemoryAttemptCounter: AttemptCounter {
    /// Keys kept before the ones whose attempts all aged out are dropped.
    static let purgeThreshold = 10_000

    private let attempts = Mutex<[AttemptKey: [Date]]>([:])

    public init() {}

    public func reserve(_ limits: [AttemptLimit], window: TimeInterval, now: Date) -> Int? {
        attempts.withLock { table in
            var recent: [[Date]] = []
            var wait: TimeInterval?
            for limit in limits {
                let kept = (table[limit.key] ?? []).filter { now.timeIntervalSince($0) < window }
                if kept.count >= limit.maximum {
                    // The oldest counted attempt leaves the window first.
                    let frees = window - now.timeIntervalSince(kept[kept.count - limit.maximum])
                    wait = max(wait ?? frees, frees)
                }
                recent.append(kept)
            }
            if let wait { return RetryAfter.seconds(wait) }
            for (limit, kept) in zip(limits, recent) { table[limit.key] = kept + [now] }
            // Keys whose attempts all aged out go, so the table cannot grow without bound.
            if table.count > Self.purgeThreshold {
                table = table.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
            }
            return nil
        }
    }

    public func release(_ key: AttemptKey, takenAt now: Date) {
        attempts.withLock { table in
            guard var taken = table[key], let index = taken.lastIndex(of: now) else { return }
            taken.remove(at: index)
            table[key] = taken.isEmpty ? nil : taken
        }
    }

    public func clear(_ key: AttemptKey) {
        attempts.withLock { table in table[key] = nil }
    }
}
