import Foundation

/// The one rule every attempt counter applies, in memory or in a shared table, so both give the
/// same answers: given the attempts each key of a reservation holds, may one more be taken now?
///
/// Times are Unix milliseconds, as the shared table stores them, so a wait of exactly 30 s is
/// not rounded up to 31 by a `Double` difference.
public enum AttemptDecision {
    /// The milliseconds to wait before the attempt at `now` may be taken under `limits` and
    /// `pacing`, or nil when it may be taken now.
    ///
    /// - Parameter recent: for each key, its attempts after `now - window`, oldest first (a key
    ///   missing has none).
    public static func wait(
        limits: [AttemptLimit], pacing: AttemptPacing?, recent: [AttemptKey: [Int64]], now: Int64, window: Int64
    ) -> Int64? {
        var wait: Int64?
        for limit in limits {
            let times = recent[limit.key] ?? []
            guard times.count >= limit.maximum else { continue }
            // The oldest counted attempt leaves the window first.
            let frees = window - (now - times[times.count - limit.maximum])
            wait = max(wait ?? frees, frees)
        }
        if let pacing, !(recent[pacing.onlyAfter] ?? []).isEmpty, let newest = recent[pacing.key]?.last {
            let delay = pacing.delay(afterAttempts: recent[pacing.key]?.count ?? 0)
            let elapsed = now - newest
            if elapsed < delay { wait = max(wait ?? 0, delay - elapsed) }
        }
        return wait.map { max(1, $0) }
    }

    /// What each key holds once the attempt at `now` is taken: its recent attempts and `now`,
    /// the paced key trimmed to the newest `keptAttempts`.
    public static func taking(
        limits: [AttemptLimit], pacing: AttemptPacing?, recent: [AttemptKey: [Int64]], now: Int64
    ) -> [AttemptKey: [Int64]] {
        var taken: [AttemptKey: [Int64]] = [:]
        for limit in limits { taken[limit.key] = (recent[limit.key] ?? []) + [now] }
        if let pacing, taken[pacing.key] == nil {
            taken[pacing.key] = Array(((recent[pacing.key] ?? []) + [now]).suffix(pacing.keptAttempts))
        }
        return taken
    }

    /// The keys one reservation touches, each once, in one order every counter locks them in.
    public static func keys(limits: [AttemptLimit], pacing: AttemptPacing?) -> [AttemptKey] {
        var keys = Set(limits.map(\.key))
        if let pacing { keys.formUnion([pacing.key, pacing.onlyAfter]) }
        return keys.sorted { ($0.scope, $0.subject) < ($1.scope, $1.subject) }
    }

    /// `interval` in whole milliseconds, clamped to a year: a window from configuration, never
    /// from a request, so no conversion can trap.
    public static func milliseconds(_ interval: TimeInterval) -> Int64 {
        guard interval.isFinite, interval > 0 else { return 0 }
        return interval >= 31_536_000 ? 31_536_000_000 : Int64((interval * 1000).rounded())
    }
}
