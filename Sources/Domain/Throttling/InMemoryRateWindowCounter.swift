import Foundation
import Synchronization

/// Fixed-window counts kept in this process: for one instance (SQLite). Keys of past windows are
/// forgotten when the table grows, so it holds about as many keys as users wrote in one window.
public final class InMemoryRateWindowCounter: RateWindowCounter {
    static let purgeThreshold = 10_000

    private let windows = Mutex<[AttemptKey: (index: Int64, count: Int)]>([:])

    public init() {}

    public func take(_ key: AttemptKey, limit: Int, window length: TimeInterval, now: Date) -> RateWindowState {
        let window = FixedWindow(holding: now, length: length)
        let limit = max(1, limit)
        return windows.withLock { table in
            if table.count > Self.purgeThreshold { table = table.filter { $0.value.index >= window.index } }
            let counted = table[key].flatMap { $0.index == window.index ? $0.count : nil } ?? 0
            guard counted < limit else { return RateWindowState(taken: false, remaining: 0, resetSeconds: window.resetSeconds) }
            table[key] = (window.index, counted + 1)
            return RateWindowState(taken: true, remaining: limit - counted - 1, resetSeconds: window.resetSeconds)
        }
    }
}
