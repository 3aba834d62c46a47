import Domain
import Foundation
import Logging
import Migrations
import PostgresGateway
import SQLRows
import SQLiteGateway

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

    /// Opens the database at `location`. `connections` is SQLite's reader count or PostgreSQL's
    /// pool size (one per request handler is enough); `synchronous`, `groupCommit` and
    /// `groupCommitDelay` only concern SQLite. `errorHandler` hears every storage error (see `logging(to:)`).
    public init(
        _ location: StorageLocation, connections: Int, synchronous: DatabaseConfiguration.Synchronous = .full, groupCommit: Bool = true,
        groupCommitDelay: Duration = .microseconds(DatabaseConfiguration.defaultGroupCommitDelayMicroseconds), quotas: StorageQuotas = .standard,
        errorHandler: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws {
        self.location = location
        switch location {
        case .sqlite(let path):
            let database = try Database(
                configuration: DatabaseConfiguration(
                    path: path, readerCount: connections, synchronous: synchronous, groupCommit: groupCommit, groupCommitDelay: groupCommitDelay),
                errorHandler: errorHandler)
            engine = .sqlite(database)
            gateway = SQLiteEntityGateway(database: database, quotas: quotas)
        case .postgres(let url):
            let database = try PostgresDatabase(configuration: PostgresConfiguration(url: url, poolSize: connections), errorHandler: errorHandler)
            engine = .postgres(database)
            gateway = PostgresEntityGateway(database: database, quotas: quotas)
        }
    }

    /// Opens and migrates the database for an operator command (`viperd user`, `seed-demo`…),
    /// which works on one connection; `close()` is its last step.
    public static func forCommand(_ location: StorageLocation, synchronous: DatabaseConfiguration.Synchronous = .full) throws -> Storage {
        // Two PostgreSQL connections: a use case may read while another call holds one.
        let storage = try Storage(location, connections: location.isPostgres ? 2 : 1, synchronous: synchronous)
        _ = try storage.migrator().migrate()
        return storage
    }

    /// Told after each commit whose users' outboxes it appended to (the live streams' wake-up).
    public var outboxSignal: OutboxSignal {
        switch engine {
        case .sqlite(let database): database.outboxSignal
        case .postgres(let database): database.outboxSignal
        }
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
    /// the file alone is a complete database; PostgreSQL has nothing to do.
    public func close() throws {
        if case .sqlite(let database) = engine { try database.checkpoint() }
    }

    /// An error handler that logs storage errors: an expected conflict (a taken email) is the
    /// client's doing, so a notice without SQL; anything else an error.
    public static func logging(to logger: Logger) -> @Sendable (any Error) -> Void {
        { error in
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
