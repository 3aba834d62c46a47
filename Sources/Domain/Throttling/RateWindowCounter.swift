import Foundation

/// Counts requests in fixed windows, under every per-user rate limit (`WriteThrottle`).
///
/// A fixed window, unlike the attempt counter's sliding one, has one reset time every client can
/// be told in advance (the `RateLimit` field's `t`), and its state is one number per key.
public protocol RateWindowCounter: Sendable {
    /// Counts one request of `key` in the window of `length` seconds that holds `now`, if fewer
    /// than `limit` were counted there already; a refused request is not counted.
    func take(_ key: AttemptKey, limit: Int, window length: TimeInterval, now: Date) -> RateWindowState
}

/// What a window said of one request.
public struct RateWindowState: Equatable, Sendable {
    /// The request was counted: it may go ahead.
    public var taken: Bool
    /// Requests the window still allows after this one.
    public var remaining: Int
    /// Whole seconds until the window ends (at least 1): when `remaining` is back to the limit.
    public var resetSeconds: Int

    public init(taken: Bool, remaining: Int, resetSeconds: Int) {
        self.taken = taken
        self.remaining = remaining
        self.resetSeconds = resetSeconds
    }
}

/// Where a fixed window lies: windows of `length` seconds counted from the Unix epoch, so every
/// instance of a cluster agrees on them without talking.
public struct FixedWindow: Equatable, Sendable {
    /// The window's number since the epoch.
    public let index: Int64
    /// Whole seconds from `now` to the window's end, at least 1.
    public let resetSeconds: Int
    /// When the window ends, in whole Unix seconds (rounded up): what a shared store keys it by.
    public let endSeconds: Int64

    /// The window of `length` seconds (at least 1) holding `now`.
    public init(holding now: Date, length: TimeInterval) {
        let seconds = max(1, length.isFinite ? length : 1)
        let position = now.timeIntervalSince1970 / seconds
        // The clock's own value, never a request's: still bounded, so no conversion can trap.
        let bounded = position.isFinite ? min(max(position, 0), 1e15) : 0
        index = Int64(bounded.rounded(.down))
        let end = (Double(index) + 1) * seconds
        resetSeconds = RetryAfter.seconds(end - now.timeIntervalSince1970)
        endSeconds = Int64(min(end, 1e15).rounded(.up))
    }
}
