import Foundation

/// Sliding-window counts of attempts, under every limit on attempts (logins, registrations).
///
/// An attempt is reserved *before* the work it stands for (a password hash) starts, in one
/// atomic step under every limit it counts against. Checking first and counting after the work
/// lets every request of a parallel burst pass the same check before any of them is counted.
public protocol AttemptCounter: Sendable {
    /// Takes one attempt at `now` under each of `limits` and under `pacing`, all or none, as
    /// `AttemptDecision` rules.
    ///
    /// - Returns: nil when taken; otherwise the whole seconds (at least 1) until every full limit
    ///   frees a slot and the pause is over, and nothing is taken.
    func reserve(_ limits: [AttemptLimit], pacing: AttemptPacing?, window: TimeInterval, now: Date) -> Int?
    /// Gives back one attempt of `key` taken at `now`: an attempt that turned out not to count.
    func release(_ key: AttemptKey, takenAt now: Date)
    /// Forgets every attempt of `key` (a success that clears past failures).
    func clear(_ key: AttemptKey)
}

extension AttemptCounter {
    /// Takes one attempt at `now` under each of `limits`, all or none, with no pacing.
    public func reserve(_ limits: [AttemptLimit], window: TimeInterval, now: Date) -> Int? {
        reserve(limits, pacing: nil, window: window, now: now)
    }
}

/// The wait a full window imposes, as `Retry-After` says it.
public enum RetryAfter {
    /// `interval` in whole seconds rounded up, at least 1 and at most a day: the one place a
    /// computed wait becomes an `Int`, so no interval (negative, huge or not a number) can trap.
    public static func seconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite, interval > 1 else { return 1 }
        return interval >= 86_400 ? 86_400 : Int(interval.rounded(.up))
    }
}
