import Domain
import HTTPServer
import Logging
import SQLiteGateway
import Security
import Web

/// Everything `viperd serve` is configured with: the server's limits plus the application's own.
public struct AppConfiguration: Sendable {
    public var server = HTTPServerConfiguration()
    /// SQLite database file; created (with its folder) when missing. Unused when
    /// `databaseURL` is set.
    public var databasePath = Self.defaultDatabasePath
    /// A PostgreSQL server (`postgres://user@host:5432/db`) to use instead of the SQLite file;
    /// nil (the default) keeps SQLite. Its connection pool has one connection per worker.
    public var databaseURL: String?
    /// SQLite's `synchronous` pragma: `full` survives power loss, `normal` only crashes.
    public var synchronous = DatabaseConfiguration.Synchronous.full
    /// Writes that arrive together share one SQLite transaction and one commit (fsync).
    public var groupCommit = true
    /// Microseconds a group's lead waits for more writes after a group of several (0: never).
    public var groupCommitDelayMicroseconds = DatabaseConfiguration.defaultGroupCommitDelayMicroseconds
    /// Transfers that arrive together share one PostgreSQL transaction and one commit.
    public var postgresGroupCommit = true
    /// Apply pending migrations at start; when off, pending migrations stop start-up.
    public var autoMigrate = true
    /// How long sessions and their tokens live (`--access-token-minutes`, `--session-idle-minutes`, …).
    public var sessionPolicy = SessionPolicy()
    /// Codes' and unverified accounts' lifetimes (`--unverified-user-days`).
    public var identityPolicy = IdentityPolicy()
    /// Where mail goes (`--smtp-url`, `--mail-from`, `--smtp-timeout`, `--smtp-retry-seconds`).
    public var mail = MailConfiguration()
    /// Reverse proxies whose `X-Forwarded-For` names the client (none: the socket peer is the client).
    public var trustedProxies = TrustedProxies.none
    /// Browser origins whose pages may call the API (none: no CORS fields are sent).
    public var cors = CORSPolicy.disabled
    /// scrypt cost of new password hashes; a stored hash with weaker parameters is replaced at
    /// the user's next successful login.
    public var passwordHashing = ScryptPasswordHasher.Parameters.standard
    /// Password hashes computed at once (each holds `passwordHashing.memoryBytes`); a short queue
    /// waits behind them and the rest are answered 503. One per usable core: more only queue
    /// for the same cores while holding their memory.
    public var passwordHashConcurrency = HTTPServerConfiguration.coreCount
    /// How many contacts, accounts and open drafts one user may hold.
    public var quotas = StorageQuotas.standard
    /// Changes (creates, updates, deletes) per user per minute; nil for no limit.
    public var writesPerMinute: Int? = WriteThrottle.defaultWritesPerMinute
    /// Money movements (transfers, draft submissions) per user per minute; nil for no limit.
    public var transfersPerMinute: Int? = WriteThrottle.defaultTransfersPerMinute
    /// Registrations per client address per hour; nil for no limit.
    public var maxRegistrationsPerAddress: Int? = RegistrationThrottle.defaultMaximumPerAddress
    /// Tax rate and shipping costs of orders (13 %, $5 / $15 / $25 by default).
    public var orderPolicy = OrderPolicy.standard
    /// Every new user's first account (currency from `--default-currency`, CAD by default).
    public var accountPolicy = AccountPolicy()
    /// Memo length, draft lifetime and how long a pending transfer waits (`--transfer-hold-hours`).
    public var transferPolicy = TransferPolicy()
    /// Caps and backlog of live-event streams (`--max-streams`, `--max-streams-per-user`,
    /// `--stream-backlog-bytes`).
    public var liveEventPolicy = LiveEventPolicy()
    /// How often the expired-record purge (which also expires pending transfers) runs
    /// (`--purge-interval-seconds`).
    public var purgeInterval: Duration = ExpiredRecordPurge.defaultInterval
    /// The one account whose transactions `/api/sortedTransactions/…` serves without a token;
    /// nil (the default) keeps those routes signed-in only.
    public var publicReportAccount: AccountID?
    /// Serve the web client at `/app/`; off leaves the API alone on the port.
    public var webApp = true
    /// Where `/metrics` is served, on a listener of its own; nil: nowhere. Loopback by default,
    /// so the series reach the host's scraper and never the API's clients.
    public var metricsAddress: ListenAddress? = .metricsDefault
    /// The least severe log lines written.
    public var logLevel = Logger.Level.info
    /// How log lines look.
    public var logFormat = LogFormat.text

    /// `databasePath` unless `--db` or `VIPERD_DB` names another file.
    public static let defaultDatabasePath = "data/viperd.sqlite"

    public init() {}

    /// The database `databaseURL` or else `databasePath` names.
    /// PostgreSQL sessions this instance opens at most (`--postgres-connections`); nil: one per
    /// worker of either kind.
    public var postgresConnections: Int?

    /// SQLite's readers, one per read worker; or PostgreSQL's pool, `postgresConnections`, by
    /// default a session for every worker that can hold one: a write mostly waits for the
    /// server's WAL flush, and only writes that wait together share one (4 sessions on two cores
    /// moved 760 transfers a second where 36 moved 900 to 1,150, `docs/PERFORMANCE.md`).
    public var storageConnections: Int {
        switch storage {
        case .sqlite: max(2, server.workerCount)
        case .postgres: max(2, postgresConnections ?? server.workerCount + server.writeWorkerCount)
        }
    }

    public var storage: StorageLocation {
        get { databaseURL.map { .postgres(url: $0) } ?? .sqlite(path: databasePath) }
        set {
            switch newValue {
            case .sqlite(let path):
                databasePath = path
                databaseURL = nil
            case .postgres(let url):
                databaseURL = url
            }
        }
    }
}
