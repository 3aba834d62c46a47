import Dispatch
import Domain
import Foundation
import Logging

/// Expires pending transfers past their end (never earlier: the money goes back to its sender,
/// the row stays as history), and deletes what has expired — sessions past their expiry, transfer drafts past their lifetime,
/// idempotency records past their retention, accounts never verified, dead one-time codes,
/// outbox events and finished mail past the outbox's retention — every few minutes, on either store, off the
/// request path, and counts what it deleted (`viperd_purged_total{kind=…}` in `/metrics`).
///
/// Expired rows are already refused by every query; they are only weight, which a client
/// creating sessions or drafts in a loop would otherwise pile up for ever. A timer of its own
/// rather than SQLite's idle upkeep (`ContactSearchUpkeep`): PostgreSQL needs the purge too, and
/// each delete is a batch of at most `batchSize` rows in its own short write, so on SQLite the
/// one writer is never held long and requests' writes take their turn between batches. A pass
/// goes on while batches come back full, at most `maximumBatchesPerPass` per kind: a backlog
/// is worked off over several passes. On PostgreSQL every instance purges; a row deleted by one
/// is not counted by another, so the instances' counters add up to what was deleted.
public final class ExpiredRecordPurge: @unchecked Sendable {
    // @unchecked: `timer` is only touched under `lock`; everything else is immutable.

    /// What a pass deletes, as `/metrics` labels it.
    public enum Kind: String, CaseIterable, Sendable {
        /// Pending transfers nobody claimed before their end: expired, not deleted.
        case expiredTransfers = "expired_transfers"
        case sessions
        /// Live-event stream tickets past their minute, never used.
        case eventTickets = "event_tickets"
        case transferDrafts = "transfer_drafts"
        case idempotencyRecords = "idempotency_records"
        /// Accounts that claimed an address and never verified it, past `IdentityPolicy.unverifiedLifetime`.
        case unverifiedUsers = "unverified_users"
        case oneTimeCodes = "one_time_codes"
        /// Outbox events past the retention period.
        case events
        /// Sent, logged or failed mail past the retention period.
        case mail
    }

    /// How long the outbox keeps events and finished mail (30 days): a reader that resumes
    /// after longer is told to reload.
    public static let defaultOutboxRetention: TimeInterval = 30 * 24 * 3600

    /// How often a pass runs once started.
    public static let defaultInterval: Duration = .seconds(300)

    private let gateway: any EntityGateway
    private let clock: any Clock
    private let idempotencyRetention: TimeInterval
    private let unverifiedLifetime: TimeInterval
    private let outboxRetention: TimeInterval
    private let metrics: MetricsRegistry
    private let logger: Logger
    private let batchSize: Int
    private let maximumBatchesPerPass: Int
    private let queue = DispatchQueue(label: "viperd-expired-record-purge", qos: .utility)
    private let lock = NSLock()
    private var timer: (any DispatchSourceTimer)?

    public init(
        gateway: any EntityGateway, clock: any Clock, metrics: MetricsRegistry, logger: Logger,
        idempotencyRetention: TimeInterval = IdempotencyPolicy.standard.retention, unverifiedLifetime: TimeInterval = IdentityPolicy().unverifiedLifetime,
        outboxRetention: TimeInterval = defaultOutboxRetention, batchSize: Int = 500, maximumBatchesPerPass: Int = 200
    ) {
        self.gateway = gateway
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.idempotencyRetention = idempotencyRetention
        self.unverifiedLifetime = unverifiedLifetime
        self.outboxRetention = outboxRetention
        self.batchSize = max(1, batchSize)
        self.maximumBatchesPerPass = max(1, maximumBatchesPerPass)
    }

    /// One pass now, on the caller's thread: each kind in turn, batch after batch. Returns how
    /// many of each were deleted; a storage failure ends that kind's pass (logged), and the next
    /// pass tries again.
    @discardableResult
    public func run() -> [Kind: Int] {
        let now = clock.now()
        var purged: [Kind: Int] = [:]
        for kind in Kind.allCases {
            var total = 0
            do {
                for _ in 0..<maximumBatchesPerPass {
                    let deleted = try purgeBatch(kind, now: now)
                    total += deleted
                    if deleted < batchSize { break }
                }
            } catch {
                logger.warning("purge of expired \(kind.rawValue) failed: \(error)")
            }
            purged[kind] = total
            metrics.recordPurge(kind, count: total)
            if total > 0 { logger.info("purged \(total) expired \(kind.rawValue)") }
        }
        return purged
    }

    /// Runs a pass after `delay` (start-up is not slowed by a backlog), then every `interval`.
    public func start(interval: Duration = defaultInterval, delay: Duration = .seconds(10)) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.dispatchInterval(delay), repeating: Self.dispatchInterval(interval), leeway: .seconds(1))
        timer.setEventHandler { [weak self] in self?.run() }
        lock.withLock {
            self.timer?.cancel()
            self.timer = timer
        }
        timer.resume()
    }

    /// Stops the timer; a pass in progress finishes first.
    public func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
        queue.sync {}
    }

    deinit {
        timer?.cancel()
    }

    private func purgeBatch(_ kind: Kind, now: Date) throws -> Int {
        switch kind {
        case .expiredTransfers: try gateway.transfers.expire(dueAt: now, limit: batchSize)
        case .sessions: try gateway.sessions.purge(expiredAt: now, limit: batchSize)
        case .eventTickets: try gateway.sessions.purgeEventTickets(expiredAt: now, limit: batchSize)
        case .transferDrafts: try gateway.transferDrafts.purge(expiredAt: now, limit: batchSize)
        case .idempotencyRecords: try gateway.idempotency.purge(olderThan: now.addingTimeInterval(-idempotencyRetention), limit: batchSize)
        case .unverifiedUsers: try gateway.identity.purgeUnverified(createdBefore: now.addingTimeInterval(-unverifiedLifetime), limit: batchSize)
        case .oneTimeCodes: try gateway.identity.purgeCodes(expiredAt: now, limit: batchSize)
        case .events: try gateway.outbox.purgeEvents(createdBefore: now.addingTimeInterval(-outboxRetention), limit: batchSize)
        case .mail: try gateway.outbox.purgeMail(createdBefore: now.addingTimeInterval(-outboxRetention), limit: batchSize)
        }
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .milliseconds(Int(clamping: seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
