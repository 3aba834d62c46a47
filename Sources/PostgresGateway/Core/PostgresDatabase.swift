import Foundation
import SQLRows
import Domain

/// A PostgreSQL database reached through a pool of libpq connections.
///
/// Reads and writes run concurrently, each on a connection of its own for its whole length; a
/// write is one `READ COMMITTED` transaction, run again from the start (up to
/// `configuration.retryLimit` times) when the server aborts it for a serialization failure or a
/// deadlock, so its body must only touch storage. Managers lock the rows a decision depends on
/// (`SELECT … FOR UPDATE`, in a fixed order) to keep money movements correct across processes.
/// Neither `read` nor `write` may be called from inside a `write` body.
public final class PostgresDatabase: @unchecked Sendable {
    // @unchecked: a connection is not thread-safe; each is confined to one caller at a time by
    // being taken out of `idle` under `condition`. The other state is guarded by its own lock.

    /// What it was opened with.
    public let configuration: PostgresConfiguration
    private let condition = NSCondition()
    private var idle: [PostgresConnection]
    /// Connections open now, idle or lent; never above `configuration.poolSize`.
    private var open: Int
    private let statisticsLock = NSLock()
    /// Who leads the next group of writes that declared their locks (`write(locking:_:)`), one
    /// per lane (`PostgresConfiguration.groupCommitLanes`).
    let groupCommitters: [GroupCommitter<PostgresConnection>]
    /// Counts the open snapshots (`openSnapshot`): at most half the pool, so slow report readers
    /// leave the other half to every other request.
    let snapshotSlots: SnapshotSlots
    private var recordedStatistics = PostgresStatistics()
    /// Told about every error a read or write throws: use cases only see a `GatewayError`, so
    /// this is where operators get the server's own words.
    private let errorHandler: @Sendable (any Error) -> Void
    /// Told after each commit whose outboxes it appended to.
    public let outboxSignal = OutboxSignal()

    /// Connects once (so a wrong URL or an unreachable server fails here, at start-up); the
    /// other connections open as load needs them.
    public init(configuration: PostgresConfiguration, errorHandler: @escaping @Sendable (any Error) -> Void = { _ in }) throws {
        self.configuration = configuration
        self.errorHandler = errorHandler
        snapshotSlots = SnapshotSlots(limit: configuration.poolSize / 2)
        groupCommitters = (0..<configuration.groupCommitLanes).map { _ in GroupCommitter(limit: configuration.groupCommitLimit) }
        idle = [try PostgresConnection(url: configuration.url)]
        open = 1
    }

    /// Use counters since opening.
    public var statistics: PostgresStatistics {
        statisticsLock.withLock { recordedStatistics }
    }

    /// Whether the server answers `SELECT 1` now (readiness).
    public func isAvailable() -> Bool {
        (try? read { connection in try connection.statement("SELECT 1").rows { $0.int64(at: 0) } == [1] }) ?? false
    }

    /// Runs `body` on a connection outside any explicit transaction: each statement sees the data
    /// committed before it started. Run again once on a fresh session when the connection turns
    /// out to be dead (the server restarted since it was last used).
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let start = ContinuousClock.now
        defer { record(since: start) }
        return try withConnection { connection in
            do {
                return try body(connection)
            } catch let error as PostgresError where error.sqlState.isEmpty || error.sqlState.hasPrefix("08") {
                guard connection.reconnect() else { throw error }
                return try body(connection)
            }
        }
    }

    /// Runs `body` inside one transaction and returns once it is committed; when `body` throws,
    /// nothing it did is kept and the error is rethrown. A serialization failure or a deadlock
    /// runs the whole transaction again. The connection is in pipeline mode meanwhile
    /// (`PostgresConnection+Pipeline.swift`): `BEGIN` and what `body` enqueues go out with its
    /// next read, or with the `COMMIT`.
    @discardableResult
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let start = ContinuousClock.now
        defer { record(since: start) }
        return try withConnection { connection in try transaction(on: connection, body) }
    }

    /// `write` on `connection`: one transaction, retried on a serialization failure or a
    /// deadlock, and on a fresh session when the pooled one was dead before `BEGIN` was answered.
    func transaction<T>(on connection: PostgresConnection, _ body: (PostgresConnection) throws -> T) throws -> T {
        var attempt = 0
        var reconnected = false
        while true {
            do {
                // A retried attempt appends again: what the rolled-back one noted goes.
                connection.usersToWake.removeAll(keepingCapacity: true)
                try begin(on: connection)
                let result = try body(connection)
                // A body that ended with `runAndCommit` has committed already.
                if connection.pipeline != nil { try connection.commitPipeline() }
                if let refusal = connection.refusal(ofWrite: 0) {
                    // Its conditional statements stored nothing (the commit was of nothing of
                    // it), and the rollback this meets finds nothing to undo.
                    recordCommit(of: 0)
                    connection.usersToWake.removeAll(keepingCapacity: true)
                    throw refusal
                }
                recordCommit(of: 1)
                wakeLiveStreams(noted: connection)
                return result
            } catch let error as PostgresError where error.isRetryable && attempt < configuration.retryLimit {
                rollBack(connection)
                attempt += 1
                statisticsLock.withLock { recordedStatistics.retries += 1 }
                // A short random pause, growing, so the transactions that collided do not
                // collide again in lockstep.
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.002) * Double(attempt))
            } catch let error as PostgresError where !reconnected && connection.lostBeforeBegin(error) {
                // The pooled session was dead (a server restart since it was last used), found
                // at the first round trip, which carried the `BEGIN`: nothing of the write ran,
                // so it runs again on a fresh session, once, as a failed `BEGIN` did.
                connection.leavePipeline()
                reconnected = true
                guard connection.reconnect() else { throw error }
            } catch {
                rollBack(connection)
                throw error
            }
        }
    }

    /// Tells `outboxSignal` whose outboxes the transaction just committed on `connection`
    /// appended to.
    func wakeLiveStreams(noted connection: PostgresConnection) {
        guard !connection.usersToWake.isEmpty else { return }
        let users = connection.usersToWake
        connection.usersToWake.removeAll(keepingCapacity: true)
        outboxSignal.committed(users)
    }

    /// Tells the error handler about a write's failure met outside `withConnection`.
    func report(_ error: any Error) {
        errorHandler(error)
    }

    /// Counts a group whose shared transaction failed, so its writes ran again alone.
    func recordAbandonedGroup() {
        statisticsLock.withLock { recordedStatistics.abandonedGroups += 1 }
    }

    /// Counts one commit that held `writes` writes.
    func recordCommit(of writes: Int) {
        statisticsLock.withLock {
            recordedStatistics.commits += 1
            recordedStatistics.committedWrites += writes
        }
    }

    /// Pipeline mode and a queued `BEGIN`, on a fresh session when libpq already knows the pooled
    /// one is dead: nothing of the transaction was sent yet, so starting again on a new session
    /// is safe. A death libpq learns of only when it reads is met in `write`.
    func begin(on connection: PostgresConnection) throws {
        do {
            try connection.beginPipeline()
        } catch let error as PostgresError where error.sqlState.isEmpty || error.sqlState.hasPrefix("08") {
            connection.leavePipeline()
            guard connection.reconnect() else { throw error }
            try connection.beginPipeline()
        }
    }

    /// Ends what a failed write left: pipeline mode first (`ROLLBACK` is sent outside it), then
    /// the transaction.
    func rollBack(_ connection: PostgresConnection) {
        connection.leavePipeline()
        if connection.isInTransaction {
            try? connection.execute("ROLLBACK")
        }
    }

    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection: PostgresConnection
        do {
            connection = try takeConnection()
        } catch {
            errorHandler(error)
            throw error
        }
        defer { give(back: connection) }
        do {
            return try body(connection)
        } catch {
            errorHandler(error)
            throw error
        }
    }

    /// An idle connection, a new one while the pool is below its size, else waits for one.
    func takeConnection() throws -> PostgresConnection {
        condition.lock()
        while true {
            if let connection = idle.popLast() {
                condition.unlock()
                return connection
            }
            if open < configuration.poolSize {
                open += 1
                condition.unlock()
                do {
                    return try PostgresConnection(url: configuration.url)
                } catch {
                    condition.withLock {
                        open -= 1
                        condition.signal()
                    }
                    throw error
                }
            }
            condition.wait()
        }
    }

    /// Back to the pool; a session left broken or inside a transaction is repaired or dropped,
    /// so the next caller always gets a clean one.
    func give(back connection: PostgresConnection) {
        rollBack(connection)
        let usable = connection.isIdle || (connection.reconnect() && connection.isIdle)
        let roundTrips = connection.roundTrips
        connection.roundTrips = 0
        statisticsLock.withLock { recordedStatistics.roundTrips += roundTrips }
        condition.withLock {
            if usable {
                idle.append(connection)
            } else {
                open -= 1
            }
            condition.signal()
        }
    }

    func record(since start: ContinuousClock.Instant) {
        let (seconds, attoseconds) = start.duration(to: .now).components
        let total = Double(seconds) + Double(attoseconds) / 1e18
        statisticsLock.withLock {
            recordedStatistics.queries += 1
            recordedStatistics.seconds += total
        }
    }
}
