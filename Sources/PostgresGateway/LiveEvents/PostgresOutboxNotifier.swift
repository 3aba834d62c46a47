import Domain
import Foundation
import SQLRows
import Synchronization

/// Tells the other instances on the same PostgreSQL database whose outboxes this one's commits
/// grew: `NOTIFY viperd_outbox` with the users' ids (`OutboxWakeupPayload`), which each
/// instance's `PostgresOutboxListener` hears.
///
/// It sends from a thread and a connection of its own, after the commit, in an autocommit
/// statement of its own. Sent inside the money transaction, the NOTIFY would take PostgreSQL's
/// one global notify lock at that commit, so every committing write of every instance would queue
/// behind it; and a write's pooled connection would wait for the wake-up. The commit only hands
/// the ids over (`OutboxSignal`'s rule), and whatever gathers while one NOTIFY is on its way goes
/// in the next: under load one statement carries many commits' users.
public final class PostgresOutboxNotifier: @unchecked Sendable {
    // @unchecked: the sending thread owns the connection; the other state is guarded by `condition`.

    /// The most distinct users kept waiting while the server cannot be reached; past it the
    /// next wake-up tells every instance to re-read all its streams (`*`), so an outage of the
    /// notifier's connection alone costs bounded memory, not one id per active user.
    static let pendingLimit = 50_000
    static let notify = "SELECT pg_notify('\(OutboxWakeupPayload.channel)', ?1)"

    private let url: String
    private let errorHandler: @Sendable (any Error) -> Void
    private let condition = NSCondition()
    private var pending: Set<UserID> = []
    /// The pending users overflowed `pendingLimit`: send `*` instead.
    private var pendingEveryone = false
    private var stopping = false
    private var running = false
    /// The backend process of the sending session, 0 while there is none: the listener of this
    /// instance skips what this session sent, since the commit already told this instance.
    private let backendPID = Atomic<Int32>(0)

    /// A notifier for the commits of `database`, sending on a connection to its server;
    /// `errorHandler` hears the first failure of each outage. Nothing is sent before `start()`.
    public init(database: PostgresDatabase, errorHandler: @escaping @Sendable (any Error) -> Void = { _ in }) {
        url = database.configuration.url
        self.errorHandler = errorHandler
        // Weak: the database outlives a notifier that was stopped, and the signal keeps its handlers.
        database.outboxSignal.subscribe { [weak self] users in self?.enqueue(users) }
    }

    /// The process id of the session sending now (0 when none), as `PGnotify.be_pid` names it.
    var senderProcessID: Int32 { backendPID.load(ordering: .acquiring) }

    /// Starts the sending thread. Once only.
    public func start() {
        condition.withLock {
            guard !running, !stopping else { return }
            running = true
            let thread = Thread { [self] in run() }
            thread.name = "viperd outbox notifier"
            thread.start()
        }
    }

    /// Sends what is waiting once more, then ends the thread and closes its connection; returns
    /// once it has. Later commits are not sent.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
            while running { condition.wait() }
        }
    }

    private func enqueue(_ users: [UserID]) {
        condition.withLock {
            guard !stopping else { return }
            if !pendingEveryone {
                pending.formUnion(users)
                if pending.count > Self.pendingLimit {
                    pending = []
                    pendingEveryone = true
                }
            }
            condition.signal()
        }
    }

    /// The users gathered since the last call, waiting for some; nil once stopping with none left.
    private func nextBatch() -> [String]? {
        condition.withLock {
            while pending.isEmpty, !pendingEveryone, !stopping { condition.wait() }
            defer {
                pending = []
                pendingEveryone = false
            }
            if pendingEveryone { return [OutboxWakeupPayload.everyoneText] }
            return pending.isEmpty ? nil : OutboxWakeupPayload.texts(for: Array(pending))
        }
    }

    /// Puts back a batch that could not be sent, for the next try.
    private func putBack(_ texts: [String]) {
        condition.withLock {
            for text in texts {
                switch OutboxWakeupPayload.parse(text) {
                case .users(let users): if !pendingEveryone { pending.formUnion(users) }
                case .everyone, nil: pendingEveryone = true
                }
            }
            if pending.count > Self.pendingLimit || pendingEveryone {
                pending = []
                pendingEveryone = true
            }
        }
    }

    private func run() {
        var connection: PostgresConnection?
        var outage = WakeupOutage(role: "outbox notifier")
        while let texts = nextBatch() {
            do {
                let session = try connection ?? connect()
                connection = session
                for text in texts {
                    try session.statement(Self.notify).run([.text(text)])
                }
                outage.recovered()
            } catch {
                connection = nil
                backendPID.store(0, ordering: .releasing)
                putBack(texts)
                let (delay, report) = outage.failed(error)
                if let report { errorHandler(report) }
                if !pause(seconds: delay) { break }
            }
        }
        connection = nil
        backendPID.store(0, ordering: .releasing)
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    private func connect() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: url, applicationName: "viperd-outbox-notifier")
        // A NOTIFY is a wake-up, never stored: its commit need not wait for a WAL flush, and
        // the money transactions that do wait are not made to share theirs with it.
        try connection.execute("SET synchronous_commit = off")
        backendPID.store(connection.backendProcessID, ordering: .releasing)
        return connection
    }

    /// Waits `seconds` before the next try; false when told to stop meanwhile (a server that
    /// cannot be reached does not hold up shutdown).
    private func pause(seconds: Double) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !stopping, condition.wait(until: deadline) {}
            return !stopping
        }
    }
}
