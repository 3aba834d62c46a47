import Domain
import Foundation
import Logging
import Migrations
import PostgresGateway
import SQLRows
import SQLiteGateway
import Synchronization

/// An opened database and the gateway over it: everything that differs between SQLite and
/// PostgreSQL, so the composition root and the operator commands hold `any EntityGateway` and
/// never ask which one they have.
public final class Storage: Sendable {
    /// The database engine behind the gateway.
    public enum Engine: Sendable {
        case sqlite(Database)
        case postgres(PostgresDatabase)
    }

    public let location: StorageLocation
    public let engine: Engine
    /// Every EntityManager, on this database.
    public let gateway: any EntityGateway
    private let errorHandler: @Sendable (any Error) -> Void
    /// On PostgreSQL, once started: what tells the other instances of this one's commits, and
    /// what hears theirs.
    private let wakeups = Mutex<OutboxWakeups>(OutboxWakeups())

    /// Opens the database at `location`. `connections` is SQLite's reader count or PostgreSQL's
    /// pool size (one per request handler is enough); `synchronous`, `groupCommit` and
    /// `groupCommitDelay` only concern SQLite, `postgresGroupCommit` PostgreSQL (transfers that
    /// arrive together share one transaction and commit). `errorHandler` hears every storage
    /// error (see `logging(to:)`).
    public init(
        _ location: StorageLocation, connections: Int, synchronous: DatabaseConfiguration.Synchronous = .full, groupCommit: Bool = true,
        groupCommitDelay: Duration = .microseconds(DatabaseConfiguration.defaultGroupCommitDelayMicroseconds), quotas: StorageQuotas = .standard,
        postgresGroupCommit: Bool = true, errorHandler: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws {
        self.location = location
        self.errorHandler = errorHandler
        switch location {
        case .sqlite(let path):
            let database = try Database(
                configuration: DatabaseConfiguration(
                    path: path, readerCount: connections, synchronous: synchronous, groupCommit: groupCommit, groupCommitDelay: groupCommitDelay),
                errorHandler: errorHandler)
            engine = .sqlite(database)
            gateway = SQLiteEntityGateway(database: database, quotas: quotas)
        case .postgres(let url):
            let database = try PostgresDatabase(
                configuration: PostgresConfiguration(
                    url: url, poolSize: connections, groupCommitLimit: postgresGroupCommit ? PostgresConfiguration.defaultGroupCommitLimit : 1),
                errorHandler: errorHandler)
            engine = .postgres(database)
            gateway = PostgresEntityGateway(database: database, quotas: quotas)
        }
    }

    /// Opens and migrates the database for an operator command (`viperd user`, `seed-demo`…),
    /// which works on one connection; `close()` is its last step. `quotas`: what its writes may
    /// hold per user (the standard ones unless the command says otherwise).
    public static func forCommand(
        _ location: StorageLocation, synchronous: DatabaseConfiguration.Synchronous = .full, quotas: StorageQuotas = .standard
    ) throws -> Storage {
        // Two PostgreSQL connections: a use case may read while another call holds one.
        let storage = try Storage(location, connections: location.isPostgres ? 2 : 1, synchronous: synchronous, quotas: quotas)
        _ = try storage.migrator().migrate()
        // A command's events (the demo's transfers) reach the streams that running instances
        // hold; `close()` sends what is left.
        storage.startOutboxNotifier()
        return storage
    }

    /// Told after each commit whose users' outboxes it appended to (the live streams' wake-up).
    public var outboxSignal: OutboxSignal {
        switch engine {
        case .sqlite(let database): database.outboxSignal
        case .postgres(let database): database.outboxSignal
        }
    }

    /// On PostgreSQL, starts telling the other instances whose outboxes this one's commits grew,
    /// and hearing theirs: `onGrowth` with the users another instance's commits appended events
    /// for, `onResync` when such wake-ups may have been missed (the listening session was lost
    /// and is back; the first time it listens; a sender that lost track of its users), so every
    /// open stream should read its outbox again. Both run on the listener's thread and must only
    /// hand the work over. This instance's own commits are not repeated here: they come through
    /// `outboxSignal`, without the round trip. On SQLite it does nothing: one process owns the
    /// file, and `outboxSignal` hears every commit. Once only; `stopOutboxWakeups()` ends it.
    public func startOutboxWakeups(onGrowth: @escaping @Sendable ([UserID]) -> Void, onResync: @escaping @Sendable () -> Void) {
        guard case .postgres(let database) = engine else { return }
        let notifier = startOutboxNotifier()
        let listener: PostgresOutboxListener? = wakeups.withLock { wakeups in
            guard wakeups.listener == nil else { return nil }
            let listener = PostgresOutboxListener(
                database: database, ignoring: notifier, errorHandler: errorHandler, onGrowth: onGrowth, onResync: onResync)
            wakeups.listener = listener
            return listener
        }
        listener?.start()
    }

    /// Stops the outbox wake-ups (shutdown): sends the wake-up of the last commits, then closes
    /// both sessions. Does nothing when they were not started.
    public func stopOutboxWakeups() {
        let stopped = wakeups.withLock { wakeups in
            defer { wakeups = OutboxWakeups() }
            return wakeups
        }
        stopped.listener?.stop()
        stopped.notifier?.stop()
    }

    /// Starts the PostgreSQL notifier, once; nil on SQLite.
    @discardableResult
    private func startOutboxNotifier() -> PostgresOutboxNotifier? {
        guard case .postgres(let database) = engine else { return nil }
        let (notifier, isNew) = wakeups.withLock { wakeups in
            if let notifier = wakeups.notifier { return (notifier, false) }
            let notifier = PostgresOutboxNotifier(database: database, errorHandler: errorHandler)
            wakeups.notifier = notifier
            return (notifier, true)
        }
        if isNew { notifier.start() }
        return notifier
    }

    /// The SQLite database, for what only SQLite has (checkpoints, backups); nil on PostgreSQL.
    public var sqliteDatabase: Database? {
        if case .sqlite(let database) = engine { return database }
        return nil
    }

    /// The migrator of this database's dialect, with the migrations compiled into this build.
    public func migrator() throws -> Migrator {
        switch engine {
        case .sqlite(let database): try Migrator(database: database)
        case .postgres(let database): try Migrator(database: database)
        }
    }

    /// The line start-up logs first: the engine's version and where the data is (no password).
    public var startupDescription: String {
        switch engine {
        // STRICT tables need SQLite 3.37; the version is the first thing to check in a report.
        case .sqlite: "SQLite \(SQLiteGateway.libraryVersion) at \(location)"
        case .postgres(let database):
            "PostgreSQL (libpq \(BuildInfo.libpqVersion), pool of \(database.configuration.poolSize)) at \(location)"
        }
    }

    /// libpq's `150018` as `15.18`; before version 10, `90624` as `9.6.24`.
    static func versionText(_ number: Int) -> String {
        number >= 100_000 ? "\(number / 10_000).\(number % 10_000)" : "\(number / 10_000).\(number / 100 % 100).\(number % 100)"
    }

    /// Calls and their wall time since opening, for `/metrics`.
    public var statistics: (queries: Int, seconds: Double) {
        switch engine {
        case .sqlite(let database):
            let statistics = database.statistics
            return (statistics.queries, statistics.seconds)
        case .postgres(let database):
            let statistics = database.statistics
            return (statistics.queries, statistics.seconds)
        }
    }

    /// Where the login and registration limits count: per process on SQLite (one process owns
    /// the file), in the database on PostgreSQL so the limits hold across every instance.
    /// The fixed-window counter of the per-user rates: in memory for SQLite's one process, in
    /// the database for PostgreSQL's several instances.
    public func rateWindowCounter() -> any RateWindowCounter {
        switch engine {
        case .sqlite: InMemoryRateWindowCounter()
        case .postgres(let database): PostgresRateWindowCounter(database: database)
        }
    }

    public func attemptCounter() -> any AttemptCounter {
        switch engine {
        case .sqlite: InMemoryAttemptCounter()
        case .postgres(let database): PostgresAttemptCounter(database: database)
        }
    }

    /// Ends the command's or the server's use: SQLite folds its write-ahead log into the file, so
    /// the file alone is a complete database; PostgreSQL sends the wake-up of the last commits.
    public func close() throws {
        stopOutboxWakeups()
        if case .sqlite(let database) = engine { try database.checkpoint() }
    }

    /// An error handler that logs storage errors: an expected conflict (a taken email) is the
    /// client's doing, so a notice without SQL; anything else an error.
    public static func logging(to logger: Logger) -> @Sendable (any Error) -> Void {
        { error in
            // A write's own refusals (a quota reached, funds short) are answers, not failures.
            if case .quotaExceeded = error as? GatewayError { return }
            if error is TransferSteps.InsufficientFunds { return }
            if let error = error as? SQLiteError, error.isConstraintViolation {
                logger.notice("database constraint: \(error.message)")
            } else if let error = error as? PostgresError, error.isConstraintViolation {
                logger.notice("database constraint: \(error.message)")
            } else {
                logger.error("database error: \(error)")
            }
        }
    }
}

/// The PostgreSQL outbox wake-ups a `Storage` started: each is there once started.
private struct OutboxWakeups {
    var notifier: PostgresOutboxNotifier?
    var listener: PostgresOutboxListener?
}
