import Foundation

/// Growing pauses between the attempts of one key, imposed only on the attempts that come with
/// a key of their own that already failed in the window.
///
/// The login throttle paces an email's attempts across every address: once `threshold` attempts
/// are in the window, an attempt whose (email, address) key has one too must wait `firstDelay`
/// after the email's newest attempt, twice that after one more, and so on up to `maximumDelay`.
/// An attempt from an address with no failure for the email is not paced, so a stranger guessing
/// from elsewhere slows himself down, never the owner at a fresh address.
public struct AttemptPacing: Hashable, Sendable {
    /// The key whose attempts are paced (an email across every address).
    public var key: AttemptKey
    /// The pause applies only when this key has an attempt in the window (the email from this
    /// address).
    public var onlyAfter: AttemptKey
    /// Attempts of `key` in the window before any pause.
    public let threshold: Int
    /// The pause once `threshold` attempts are in the window, in milliseconds.
    public let firstDelay: Int64
    /// The longest pause, in milliseconds.
    public let maximumDelay: Int64

    /// - Parameters: `threshold` at least 1; `firstDelay` and `maximumDelay` in seconds, clamped
    ///   to between a millisecond and a day (configuration, never request values), the maximum at
    ///   least the first.
    public init(key: AttemptKey, onlyAfter: AttemptKey, threshold: Int, firstDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.key = key
        self.onlyAfter = onlyAfter
        self.threshold = max(1, threshold)
        self.firstDelay = Self.milliseconds(firstDelay)
        self.maximumDelay = max(self.firstDelay, Self.milliseconds(maximumDelay))
    }

    /// The pause, in milliseconds, after the newest of `count` attempts in the window: none
    /// below `threshold`, then `firstDelay` doubled once per attempt past it, at most
    /// `maximumDelay`.
    public func delay(afterAttempts count: Int) -> Int64 {
        guard count >= threshold else { return 0 }
        var delay = firstDelay
        var past = count - threshold
        // Doubling stops at the cap, so neither the loop nor the product can overflow.
        while past > 0, delay < maximumDelay {
            delay = delay > maximumDelay / 2 ? maximumDelay : delay * 2
            past -= 1
        }
        return min(delay, maximumDelay)
    }

    /// The attempts of `key` worth keeping: from this many on the pause is `maximumDelay`, so
    /// older ones change nothing and a crowd of addresses cannot grow the key without bound.
    public var keptAttempts: Int {
        var count = threshold
        while delay(afterAttempts: count) < maximumDelay { count += 1 }
        return count
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int64 {
        guard seconds.isFinite, seconds > 0.001 else { return 1 }
        return seconds >= 86_400 ? 86_400_000 : Int64((seconds * 1000).rounded())
    }
}
