import Domain
import Foundation
import Logging
import Presentation
import Synchronization

/// Sends the outbox's mail: leases due messages (so no other worker, here or on another
/// instance, sends them meanwhile), words each in its recipient's language (`MailComposer`),
/// hands it to the transport, and records the outcome: sent, logged, failed for good, or
/// queued again after a growing wait.
///
/// A message is marked sent only after the relay accepted it. A worker that dies between the
/// two leaves its lease to run out and the message to be sent again: with a relay that accepts
/// only a complete DATA (every one), that happens only if the process dies in the instant
/// between the relay's 250 and the database's commit.
public final class MailDelivery: Sendable {
    private let outbox: any OutboxManager
    private let transport: any MailTransport
    private let clock: any Clock
    private let logger: Logger
    private let policy: MailDeliveryPolicy
    private let codeLifetimeMinutes: Int
    private let domain: String
    /// This worker's name on its leases: unique per process start.
    let owner: String
    private let running = Mutex<Thread?>(nil)
    private let stopping = Atomic<Bool>(false)

    init(
        outbox: any OutboxManager, transport: any MailTransport, clock: any Clock, logger: Logger, policy: MailDeliveryPolicy,
        codeLifetime: TimeInterval, messageIDDomain: String
    ) {
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.policy = policy
        codeLifetimeMinutes = max(1, Int(codeLifetime / 60))
        domain = messageIDDomain
        owner = "w_\(UUID().uuidString.lowercased())"
    }

    /// Delivers every message due now; returns how many attempts it made. The worker's loop
    /// calls it once per poll; tests call it directly.
    @discardableResult
    public func runOnce() -> Int {
        var attempted = 0
        while !stopping.load(ordering: .relaxed) {
            let now = clock.now()
            let leased: [MailRecord]
            do {
                leased = try outbox.leaseDueMail(owner: owner, now: now, until: now.addingTimeInterval(policy.leaseDuration), limit: policy.batchSize)
            } catch {
                logger.warning("mail outbox unavailable: \(error)")
                return attempted
            }
            if leased.isEmpty { return attempted }
            for record in leased {
                attempt(record)
                attempted += 1
            }
        }
        return attempted
    }

    /// Starts the worker's thread: a poll every `policy.pollInterval`.
    public func start() {
        running.withLock { thread in
            guard thread == nil else { return }
            stopping.store(false, ordering: .relaxed)
            let worker = Thread { [self] in
                while !stopping.load(ordering: .relaxed) {
                    runOnce()
                    Thread.sleep(forTimeInterval: policy.pollInterval)
                }
            }
            worker.name = "viperd-mail"
            worker.start()
            thread = worker
        }
    }

    /// Stops polling; an attempt in progress finishes (its lease covers it if the process ends first).
    public func stop() {
        stopping.store(true, ordering: .relaxed)
        running.withLock { $0 = nil }
    }

    private func attempt(_ record: MailRecord) {
        let message = OutgoingMessage(
            request: record.request, text: MailComposer.text(of: record.request, codeLifetimeMinutes: codeLifetimeMinutes),
            messageID: "\(record.request.id)@\(domain)", date: clock.now())
        let outcome = transport.deliver(message)
        let now = clock.now()
        let (state, error, next): (MailState, String?, Date) = switch outcome {
        case .sent: (.sent, nil, now)
        case .logged: (.logged, nil, now)
        case .permanentFailure(let reason): (.failed, reason, now)
        case .temporaryFailure(let reason) where record.attempts >= policy.maximumAttempts: (.failed, "gave up after \(record.attempts) attempts: \(reason)", now)
        case .temporaryFailure(let reason): (.queued, reason, now.addingTimeInterval(policy.backoff(afterAttempts: record.attempts)))
        }
        do {
            if try !outbox.finishAttempt(id: record.request.id, owner: owner, state: state, error: error, nextAttemptAt: next, at: now) {
                logger.warning("mail \(record.request.id): lease lost before its outcome (\(state.rawValue)) was recorded")
            }
        } catch {
            logger.warning("mail \(record.request.id): outcome \(state.rawValue) not recorded: \(error)")
        }
        switch state {
        case .failed: logger.error("mail \(record.request.id) to \(record.request.recipient) failed for good: \(error ?? "")")
        case .queued: logger.warning("mail \(record.request.id) to \(record.request.recipient) not delivered yet (attempt \(record.attempts)): \(error ?? "")")
        case .sent: logger.info("mail \(record.request.id) sent to \(record.request.recipient)")
        case .logged: break
        }
    }
}
