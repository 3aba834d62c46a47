import CPostgres
import Domain
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Hears which users' outboxes the other instances' commits grew (`LISTEN viperd_outbox`, sent
/// by their `PostgresOutboxNotifier`s) and tells `onGrowth`, so this instance's live streams read
/// their new events by position without polling the outbox.
///
/// It waits on a connection and a thread of its own: a session that listens must stay open and
/// idle between notifications, which a pooled connection never is. When the connection breaks
/// it connects again, backing off; the notifications sent meanwhile are lost (PostgreSQL keeps
/// them only for sessions listening), so once listening again it calls `onResync`, whose reader
/// re-reads every open stream. It does so the first time too: a stream opened before the
/// listener was listening may have missed a wake-up.
///
/// `onGrowth` and `onResync` run on the listener's thread and must only hand the work over:
/// while they run, notifications wait in the server's queue.
public final class PostgresOutboxListener: @unchecked Sendable {
    // @unchecked: the listening thread owns its connection; `stopping` and `running` are
    // guarded by `condition`, and the stop pipe is written once and never read.

    private let url: String
    private let ownNotifier: PostgresOutboxNotifier?
    private let errorHandler: @Sendable (any Error) -> Void
    private let onGrowth: @Sendable ([UserID]) -> Void
    private let onResync: @Sendable () -> Void
    private let condition = NSCondition()
    private var stopping = false
    private var running = false
    /// A pipe whose read end is readable once `stop()` was called: it ends the thread's `poll`
    /// at once. A pipe, not an eventfd: Glibc's Swift module does not declare `eventfd`.
    private let stopPipe: (read: Int32, write: Int32)

    /// A listener on the server of `database`. What `ownNotifier` (this instance's) sent is
    /// skipped: the commit already told this instance, through `database.outboxSignal`.
    /// `errorHandler` hears the first failure of each outage. Nothing is heard before `start()`.
    public init(
        database: PostgresDatabase, ignoring ownNotifier: PostgresOutboxNotifier?, errorHandler: @escaping @Sendable (any Error) -> Void = { _ in },
        onGrowth: @escaping @Sendable ([UserID]) -> Void, onResync: @escaping @Sendable () -> Void
    ) {
        url = database.configuration.url
        self.ownNotifier = ownNotifier
        self.errorHandler = errorHandler
        self.onGrowth = onGrowth
        self.onResync = onResync
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            // Not inherited by a process a test or an operator command starts.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        stopPipe = (ends[0], ends[1])
    }

    deinit {
        for end in [stopPipe.read, stopPipe.write] where end >= 0 { close(end) }
    }

    /// Starts the listening thread. Once only.
    public func start() {
        condition.withLock {
            guard !running, !stopping else { return }
            running = true
            let thread = Thread { [self] in run() }
            thread.name = "viperd outbox listener"
            thread.start()
        }
    }

    /// Ends the thread and closes its connection; returns once it has.
    public func stop() {
        condition.withLock {
            stopping = true
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
            while running { condition.wait() }
        }
    }

    private var isStopping: Bool {
        condition.withLock { stopping }
    }

    private func run() {
        var outage = WakeupOutage(role: "outbox listener")
        while !isStopping {
            do {
                // Keep-alives: a server gone without closing the session (a host lost) would
                // otherwise leave the listener waiting on a dead socket, deaf, for hours.
                let connection = try PostgresConnection(
                    url: url, applicationName: "viperd-outbox-listener",
                    parameters: ["keepalives": "1", "keepalives_idle": "30", "keepalives_interval": "10", "keepalives_count": "3"])
                // The server's goodbye when it ends the session (a restart, a terminated backend)
                // reaches libpq outside any query, which would print it on stderr; the outage is
                // reported through `errorHandler`, once.
                PQsetNoticeProcessor(connection.handle, { _, _ in }, nil)
                try connection.execute("LISTEN \(OutboxWakeupPayload.channel)")
                outage.recovered()
                onResync()
                try listen(on: connection)
            } catch {
                let (delay, report) = outage.failed(error)
                if let report { errorHandler(report) }
                _ = waitForStop(milliseconds: Int32(delay * 1_000))
            }
        }
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    /// Hands on what arrives on `connection` until `stop()` (returns) or the session breaks (throws).
    private func listen(on connection: PostgresConnection) throws {
        let handle = connection.handle
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw Self.brokenSession(handle) }
        while true {
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw PostgresError(sqlState: "", message: "poll failed: \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 || isStopping { return }
            guard descriptors[0].revents != 0 else { continue }
            // Reads whatever arrived (a notification, the server's goodbye, the end of the
            // socket); 0 when the session is gone.
            guard PQconsumeInput(handle) == 1 else { throw Self.brokenSession(handle) }
            deliver(Self.drainNotifications(handle, skipping: ownNotifier?.senderProcessID ?? 0))
            guard PQstatus(handle) == CONNECTION_OK else { throw Self.brokenSession(handle) }
        }
    }

    /// Every notification libpq has read, each freed once read, as one payload: a burst of
    /// commits elsewhere costs one call here.
    private static func drainNotifications(_ handle: OpaquePointer, skipping ownSender: Int32) -> OutboxWakeupPayload? {
        var users: Set<UserID> = []
        var everyone = false
        while let notification = PQnotifies(handle) {
            defer { PQfreemem(notification) }
            let fields = notification.pointee
            guard fields.be_pid != ownSender || ownSender == 0, let relname = fields.relname, let extra = fields.extra,
                String(cString: relname) == OutboxWakeupPayload.channel
            else { continue }
            switch OutboxWakeupPayload.parse(String(cString: extra)) {
            case .users(let named): users.formUnion(named)
            case .everyone: everyone = true
            case nil: continue
            }
        }
        if everyone { return .everyone }
        return users.isEmpty ? nil : .users(Array(users))
    }

    private func deliver(_ payload: OutboxWakeupPayload?) {
        switch payload {
        case .users(let users): onGrowth(users)
        case .everyone: onResync()
        case nil: break
        }
    }

    /// Waits up to `milliseconds` for `stop()`; true when it was called.
    private func waitForStop(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, max(0, milliseconds))
            if ready < 0, errno == EINTR { continue }
            return ready > 0 || isStopping
        }
    }

    private static func brokenSession(_ handle: OpaquePointer) -> PostgresError {
        let message = PQerrorMessage(handle).map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return PostgresError(sqlState: "", message: message.isEmpty ? "the listening session ended" : message)
    }
}
