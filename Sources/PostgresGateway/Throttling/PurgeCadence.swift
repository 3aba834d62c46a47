import Synchronization

/// Says when a shared counter's table is due for a purge: on the first call, then once every
/// `interval` calls, so each instance cleans up now and then and a restarted fleet cleans up too.
final class PurgeCadence: Sendable {
    private let interval: Int
    private let calls = Mutex(0)

    init(every interval: Int) {
        self.interval = max(1, interval)
    }

    /// Counts one call; true when a purge is due.
    func isDue() -> Bool {
        calls.withLock { count in
            defer { count = (count + 1) % interval }
            return count == 0
        }
    }
}
