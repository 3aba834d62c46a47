import CSQLite
import SQLRows
import Foundation
import Domain

/// A SQLite database file: one writer connection and a fixed pool of reader connections.
///
/// Writes are serialized on the writer. With group commit (the default) the writes that arrive
/// together share one `BEGIN IMMEDIATE` transaction and one commit, each in its own savepoint
/// (see `Database+GroupCommit`); without it each has a transaction of its own. Reads run
/// concurrently on the readers and, thanks to write-ahead logging, never wait for the writer.
/// Neither `read` nor `write` may be called from inside a `write` body.
public final class Database: @unchecked Sendable {
    // @unchecked: the connections are not thread-safe, and every access to them is confined by a
    // lock: the writer by `writerLock`, a reader by being taken out of `idleReaders` (under
    // `readersCondition`) for the length of one call. The other state is guarded by its own lock.

    /// What it was opened with.
    public let configuration: DatabaseConfiguration
    /// Only used while holding `writerLock`.
    let writer: SQLiteConnection
    let writerLock = NSLock()
    let groupCommitter: GroupCommitter<SQLiteConnection>
    /// Counts the open snapshots (`openSnapshot`).
    let snapshotSlots: SnapshotSlots
    let readersCondition = NSCondition()
    /// Only touched while holding `readersCondition`.
    var idleReaders: [SQLiteConnection]
    /// The page-cache counters last read from each reader (`readerCacheStatistics`), by reader;
    /// only touched while holding `readersCondition`.
    var readerCacheSeen: [ObjectIdentifier: ReaderCacheCounters] = [:]
    /// Their sum over every reader so far, grown by each reading's difference.
    var readerCacheTotals = ReaderCacheStatistics()
    /// Runs the writer's checkpoints and counts them.
    let checkpointer = WALCheckpointer()
    private let statisticsLock = NSLock()
    private var recordedStatistics = DatabaseStatistics()
    /// Told about every error a read or write throws: use cases only see a `GatewayError`, so
    /// this is where operators get SQLite's own words.
    private let errorHandler: @Sendable (any Error) -> Void
    let faultLock = NSLock()
    /// Told after each transaction of the writer whose outboxes it appended to.
    public let outboxSignal = OutboxSignal()
    /// The last transient storage fault (full, read-only, I/O error…) since the last write that
    /// succeeded: while there is one, readiness probes the writer instead of trusting a read.
    var storageFault: SQLiteError?

    /// Opens (creating if missing) the file and its folder, and every connection.
    public init(configuration: DatabaseConfiguration, errorHandler: @escaping @Sendable (any Error) -> Void = { _ in }) throws {
        self.errorHandler = errorHandler
        let path = configuration.path
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "database path must name a file, not \"\(path)\"")
        }
        try Self.createPrivately(path)
        self.configuration = configuration
        snapshotSlots = SnapshotSlots(limit: configuration.snapshotLimit)
        groupCommitter = configuration.groupCommit
            ? GroupCommitter(limit: configuration.groupCommitLimit, delay: configuration.groupCommitDelay) : GroupCommitter(limit: 1)
        // The writer first: it creates the file and switches it to WAL before any reader opens it.
        writer = try SQLiteConnection(path: path, mode: .writer, configuration: configuration)
        writer.installCheckpointHook(checkpointer)
        idleReaders = try (0..<max(1, configuration.readerCount)).map { _ in
            try SQLiteConnection(path: path, mode: .reader, configuration: configuration)
        }
        for reader in idleReaders { readerCacheSeen[ObjectIdentifier(reader)] = ReaderCacheCounters() }
    }

    /// A missing folder is created 0700 and a missing database file 0600, before SQLite opens
    /// it: SQLite gives the `-wal` and `-shm` files the database file's mode, so the data is
    /// readable by its owner alone whatever the process's umask. An existing folder or file keeps
    /// the mode its operator chose.
    static func createPrivately(_ path: String) throws {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if !manager.fileExists(atPath: folder.path) {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            } catch {
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create folder \(folder.path): \(error.localizedDescription)")
            }
        }
        let created = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if created >= 0 {
            // open(2)'s mode is filtered by the umask; the file must be 0600 whatever it is.
            fchmod(created, 0o600)
            close(created)
        } else if errno != EEXIST {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Use counters since opening.
    public var statistics: DatabaseStatistics {
        var statistics = statisticsLock.withLock { recordedStatistics }
        statistics.groupCommitWaits = groupCommitter.groupsThatWaited
        let checkpoints = checkpointer.statistics
        statistics.checkpoints = checkpoints.checkpoints
        statistics.checkpointedFrames = checkpoints.checkpointedFrames
        statistics.checkpointSeconds = checkpoints.seconds
        statistics.walFrames = checkpoints.logFrames
        return statistics
    }

    /// Whether a reader answers `SELECT 1` (waiting for a free one if all are busy) and, after a
    /// storage fault, whether a probe write on the writer succeeds again (see `probeWriter`).
    public func isAvailable() -> Bool {
        do {
            let answers = try read { connection in
                try connection.statement("SELECT 1").rows { $0.int64(at: 0) } == [1]
            }
            guard answers else { return false }
            if faultLock.withLock({ storageFault }) == nil { return true }
            try probeWriter()
            return true
        } catch {
            return false
        }
    }

    func recordStorageFault(_ error: SQLiteError) {
        faultLock.withLock { storageFault = error }
    }

    /// The storage fault readiness is waiting to see cleared, if any.
    public var currentStorageFault: SQLiteError? { faultLock.withLock { storageFault } }

    /// Runs `body` on a reader, waiting while all readers are busy.
    ///
    /// Each statement `body` runs sees the latest committed data as of its start; several
    /// statements see one snapshot only inside an explicit transaction.
    public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let start = ContinuousClock.now
        defer { record(since: start) }
        let reader = takeReader()
        defer {
            reader.resetBusyStatements()
            returnReader(reader)
        }
        do {
            return try body(reader)
        } catch {
            noteFault(error)
            errorHandler(error)
            throw error
        }
    }

    /// Runs `body` on the writer inside a `BEGIN IMMEDIATE` transaction and returns once that
    /// transaction is committed (durable as `synchronous` makes it); when `body` throws, none of
    /// its changes are kept and the error is rethrown. Writes wait for each other and run one at
    /// a time; with group commit, the transaction and its commit may be shared with other writes
    /// (each in its own savepoint, so only a write's own failure undoes its changes), and a
    /// failed commit fails every write it held.
    @discardableResult
    public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let start = ContinuousClock.now
        defer { record(since: start) }
        let outcome = PendingWrite.perform(body) { pending in
            if configuration.groupCommit {
                groupCommitter.submit(pending) { group in runGroup(group) }
            } else {
                writerLock.withLock {
                    runAlone(pending)
                    signalOutboxAppends()
                }
                pending.release()
            }
        }
        if case .failure(let failure) = outcome { errorHandler(failure) }
        return try outcome.get()
    }

    /// Tells `outboxSignal` whose outboxes the writer's transaction appended to, once it has
    /// ended, holding the writer lock: the next transaction's appends are not mixed in. A
    /// transaction that failed may be named too (see `OutboxSignal`).
    func signalOutboxAppends() {
        guard !writer.usersToWake.isEmpty else { return }
        let users = writer.usersToWake
        writer.usersToWake.removeAll(keepingCapacity: true)
        outboxSignal.committed(users)
    }

    /// Runs `body` on the writer outside any transaction (pragmas that refuse to run inside one).
    func withWriter<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        do {
            return try body(writer)
        } catch {
            errorHandler(error)
            throw error
        }
    }

    /// Runs `body` on a reader like `read`, but neither counted in `statistics` nor reported to
    /// the error handler: for the server's own looks at the data (`/metrics`), not requests.
    func withUncountedReader<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let reader = takeReader()
        defer {
            reader.resetBusyStatements()
            returnReader(reader)
        }
        return try body(reader)
    }

    private func takeReader() -> SQLiteConnection {
        readersCondition.lock()
        defer { readersCondition.unlock() }
        while true {
            if let reader = idleReaders.popLast() {
                return reader
            }
            readersCondition.wait()
        }
    }

    private func returnReader(_ reader: SQLiteConnection) {
        readersCondition.lock()
        idleReaders.append(reader)
        readersCondition.signal()
        readersCondition.unlock()
    }

    private func record(since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        let (seconds, attoseconds) = elapsed.components
        let total = Double(seconds) + Double(attoseconds) / 1e18
        statisticsLock.withLock {
            recordedStatistics.queries += 1
            recordedStatistics.seconds += total
        }
    }

    /// Counts a successful commit and the writes whose work it held.
    func recordCommit(of writes: Int) {
        statisticsLock.withLock {
            recordedStatistics.commits += 1
            recordedStatistics.committedWrites += writes
            recordedStatistics.countCommitSize(writes)
        }
    }

    /// Counts a merge step of the contact search index that found work.
    func recordSearchMerge() {
        statisticsLock.withLock { recordedStatistics.searchMerges += 1 }
    }
}
