import Foundation
import Synchronization

/// Counts attempts in a sliding window, in memory (per process: one SQLite instance).
public final class InMemoryAttemptCounter: AttemptCounter {
    /// Keys kept before the ones whose attempts all aged out are dropped.
    static let purgeThreshold = 10_000

    /// The most keys kept (about 200 bytes each: 20 MB): attempts from very many addresses must
    /// not grow the table without bound. Past it, the keys least recently attempted are forgotten
    /// first: a limit forgets an old attacker before the process runs out of memory.
    public let maximumKeys: Int

    private let attempts = Mutex<[AttemptKey: [Date]]>([:])

    public init(maximumKeys: Int = 100_000) {
        self.maximumKeys = max(1, maximumKeys)
    }

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
            if table.count > maximumKeys {
                // Down to three quarters at once, so the sort is paid once per many new keys.
                let byLatest = table.sorted { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
                for (key, _) in byLatest.prefix(table.count - maximumKeys * 3 / 4) { table[key] = nil }
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

    /// Keys held now (for tests).
    public var keyCount: Int { attempts.withLock { $0.count } }
}
