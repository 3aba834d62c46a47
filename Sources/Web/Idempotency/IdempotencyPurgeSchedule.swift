import Domain
import Foundation
import Logging
import Synchronization

/// When expired idempotency records are deleted: at most once an hour, by the first keyed
/// request after the hour has passed (one indexed DELETE), so no timer thread is needed and an
/// idle server does no work. The composition root also purges once at start-up.
public final class IdempotencyPurgeSchedule: Sendable {
    public let policy: IdempotencyPolicy
    public let interval: TimeInterval
    private let lastPurge: Mutex<Date>

    public init(policy: IdempotencyPolicy = .standard, interval: TimeInterval = 3600, startedAt: Date = Date()) {
        self.policy = policy
        self.interval = interval
        lastPurge = Mutex(startedAt)
    }

    /// Purges records past retention when `interval` has passed since the last purge; storage
    /// failures are logged and retried at the next interval.
    public func purgeIfDue(now: Date, idempotency: any IdempotencyManager, logger: Logger) {
        let due = lastPurge.withLock { last in
            guard now.timeIntervalSince(last) >= interval else { return false }
            last = now
            return true
        }
        guard due else { return }
        do {
            let purged = try idempotency.purge(olderThan: now.addingTimeInterval(-policy.retention))
            if purged > 0 { logger.info("purged \(purged) expired idempotency records") }
        } catch {
            logger.error("idempotency purge failed: \(error)")
        }
    }
}
