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

    /// Each key's attempts in Unix milliseconds, oldest first, as the shared table keeps them.
    private let attempts = Mutex<[AttemptKey: [Int64]]>([:])

    public init(maximumKeys: Int = 100_000) {
        self.maximumKeys = max(1, maximumKeys)
    }

    public func reserve(_ limits: [AttemptLimit], pacing: AttemptPacing?, window: TimeInterval, now date: Date) -> Int? {
        let now = UnixMilliseconds.from(date)
        let window = AttemptDecision.milliseconds(window)
        let (since, overflow) = now.subtractingReportingOverflow(window)
        guard !overflow else { return nil }
        return attempts.withLock { table in
            var recent: [AttemptKey: [Int64]] = [:]
            for key in AttemptDecision.keys(limits: limits, pacing: pacing) {
                recent[key] = (table[key] ?? []).filter { $0 > since }
            }
            if let wait = AttemptDecision.wait(limits: limits, pacing: pacing, recent: recent, now: now, window: window) {
                return RetryAfter.seconds(Double(wait) / 1000)
            }
            for (key, times) in AttemptDecision.taking(limits: limits, pacing: pacing, recent: recent, now: now) { table[key] = times }
            // Keys whose attempts all aged out go, so the table cannot grow without bound.
            if table.count > Self.purgeThreshold {
                table = table.filter { $0.value.contains { $0 > since } }
            }
            if table.count > maximumKeys {
                // Down to three quarters at once, so the sort is paid once per many new keys.
                let byLatest = table.sorted { ($0.value.last ?? .min) < ($1.value.last ?? .min) }
                for (key, _) in byLatest.prefix(table.count - maximumKeys * 3 / 4) { table[key] = nil }
            }
            return nil
        }
    }

    public func release(_ key: AttemptKey, takenAt date: Date) {
        let now = UnixMilliseconds.from(date)
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
