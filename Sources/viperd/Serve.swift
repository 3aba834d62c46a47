import App
import ArgumentParser
import Dispatch
import Foundation
import HTTPServer
import Logging
import SQLiteGateway

/// `viperd serve`: run the HTTP server until SIGTERM or SIGINT.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP server.",
        discussion: """
            Every option can also be set by an environment variable named after it \
            (--port → VIPERD_PORT, --header-timeout → VIPERD_HEADER_TIMEOUT); the flag wins. \
            Timeouts are in seconds and may be fractional. SIGTERM or SIGINT shuts down \
            gracefully: in-flight requests finish (answered with Connection: close) within \
            --shutdown-timeout, then the process exits 0.
            """)

    @Option(help: "Address to listen on (VIPERD_HOST; default 127.0.0.1; :: or 0.0.0.0 for all).")
    var host: String?

    @Option(help: "TCP port; 0 picks a free one and logs it (VIPERD_PORT; default 8080).")
    var port: Int?

    @Option(help: "SQLite database file (VIPERD_DB; default data/viperd.sqlite).")
    var db: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "A PostgreSQL server to use instead of SQLite, for several instances on one database: postgres://user[:password]@host[:port]/db, postgresql://… or libpq's host=… dbname=…; the pool has one connection per worker (VIPERD_DATABASE_URL; default none: SQLite at --db).",
            valueName: "url"))
    var databaseURL: String?

    @Option(help: "Threads that run safe requests: GET, HEAD, OPTIONS (VIPERD_WORKERS; default 2 × cores).")
    var workers: Int?

    @Option(help: "Threads that run the other methods, which mostly wait for a durable commit; as many writes can share one commit (VIPERD_WRITE_WORKERS; default 64).")
    var writeWorkers: Int?

    @Option(help: "Seconds for the whole header section, from its first byte; then 408 (VIPERD_HEADER_TIMEOUT; default 10).")
    var headerTimeout: Double?

    @Option(help: "Seconds a body may pause between reads; then 408 (VIPERD_BODY_TIMEOUT; default 10).")
    var bodyTimeout: Double?

    @Option(help: "Seconds a keep-alive connection may idle between requests (VIPERD_IDLE_TIMEOUT; default 5).")
    var idleTimeout: Double?

    @Option(help: "Seconds a client may leave our writes unread before it is dropped (VIPERD_WRITE_TIMEOUT; default 30).")
    var writeTimeout: Double?

    @Option(help: "Largest request body in bytes; larger is 413 (VIPERD_MAX_BODY_BYTES; default 1048576).")
    var maxBodyBytes: Int?

    @Option(help: "Largest header section in bytes; larger is 431 (VIPERD_MAX_HEADER_BYTES; default 32768).")
    var maxHeaderBytes: Int?

    @Option(help: "Most header fields per request; more is 431 (VIPERD_MAX_HEADER_COUNT; default 100).")
    var maxHeaderCount: Int?

    @Option(help: "Most open connections; more are answered 503 (VIPERD_MAX_CONNECTIONS; default 1024).")
    var maxConnections: Int?

    @Option(help: "Most open connections from one client address, trusted proxies exempt; more are answered 503; 0 = no cap (VIPERD_MAX_CONNECTIONS_PER_ADDRESS; default 256).")
    var maxConnectionsPerAddress: Int?

    @Option(help: "Requests served per connection before it closes (VIPERD_MAX_REQUESTS_PER_CONNECTION; default 1000).")
    var maxRequestsPerConnection: Int?

    @Option(help: "Registrations per client address per hour; more are answered 429; 0 = no limit (VIPERD_MAX_REGISTRATIONS_PER_ADDRESS; default 20).")
    var maxRegistrationsPerAddress: Int?

    @Option(help: "Password hashes (logins, registrations) computed at once, 32 MiB each; a short queue waits, more are answered 503 (VIPERD_PASSWORD_HASH_CONCURRENCY; default: usable cores).")
    var passwordHashConcurrency: Int?

    @Option(help: "Seconds in-flight requests get on shutdown (VIPERD_SHUTDOWN_TIMEOUT; default 10).")
    var shutdownTimeout: Double?

    @Option(help: "SQLite synchronous pragma: full (survives power loss), normal or off (VIPERD_SQLITE_SYNCHRONOUS; default full).")
    var sqliteSynchronous: String?

    @Option(help: "Let writes that arrive together share one SQLite commit (one fsync), each in its own savepoint: on or off (VIPERD_SQLITE_GROUP_COMMIT; default on).")
    var sqliteGroupCommit: String?

    @Flag(inversion: .prefixedNo, help: "Apply pending migrations at start; with --no-auto-migrate they stop start-up instead (VIPERD_AUTO_MIGRATE; default on).")
    var autoMigrate: Bool?

    @Option(help: "Days a bearer token stays valid after login or registration (VIPERD_TOKEN_LIFETIME_DAYS; default 30).")
    var tokenLifetimeDays: Double?

    @Option(help: "Tax on an order's item total in basis points, 0-10000; 1300 = 13 % (VIPERD_TAX_RATE_BPS; default 1300).")
    var taxRateBps: Int?

    @Option(help: "Cost of standard shipping in cents (VIPERD_SHIPPING_COST_STANDARD; default 500).")
    var shippingCostStandard: Int?

    @Option(help: "Cost of two-day shipping in cents (VIPERD_SHIPPING_COST_TWO_DAY; default 1500).")
    var shippingCostTwoDay: Int?

    @Option(help: "Cost of one-day shipping in cents (VIPERD_SHIPPING_COST_ONE_DAY; default 2500).")
    var shippingCostOneDay: Int?

    @Option(help: "Log lines as text or json, one object per line (VIPERD_LOG_FORMAT; default text).")
    var logFormat: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's address or CIDR range whose X-Forwarded-For names the client; repeatable (VIPERD_TRUSTED_PROXY, comma-separated; default none).",
            valueName: "cidr"))
    var trustedProxy: [String] = []

    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "A browser origin (scheme://host[:port]) whose pages may call the API; repeatable (VIPERD_CORS_ORIGIN, comma-separated; default none: no CORS).",
            valueName: "origin"))
    var corsOrigin: [String] = []

    @Option(help: "ISO 4217 code of the account every new user gets (VIPERD_DEFAULT_CURRENCY; default CAD).")
    var defaultCurrency: String?

    @Option(
        help: ArgumentHelp(
            "Serve /api/sortedTransactions/… without a token for this one account, to anyone (VIPERD_PUBLIC_REPORT_ACCOUNT; default none: token required).",
            valueName: "id"))
    var publicReportAccount: String?

    @Option(help: "Serve the web client at /app/ and redirect / there: on or off (VIPERD_WEB_APP; default on).")
    var webApp: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (VIPERD_LOG_LEVEL or LOG_LEVEL; default info).")
    var logLevel: String?

    @Flag(help: "Check the options and VIPERD_* variables as serving would, print what they resolve to, and exit: 0 valid, 64 not; binds no port and opens no database.")
    var checkConfig = false

    /// Bad values are refused here rather than in `run()`, so the message comes with this
    /// subcommand's usage instead of the root command's.
    func validate() throws {
        let environment = ProcessInfo.processInfo.environment
        _ = try configuration(environment: environment)
        _ = try LogSetup.level(flag: logLevel, environment: environment)
        _ = try LogSetup.format(flag: logFormat, environment: environment)
    }

    func configuration(environment: [String: String]) throws -> AppConfiguration {
        var options = ServeOptions()
        options.host = host
        options.port = port
        options.db = db
        options.databaseURL = databaseURL
        options.workers = workers
        options.writeWorkers = writeWorkers
        options.headerTimeout = headerTimeout
        options.bodyTimeout = bodyTimeout
        options.idleTimeout = idleTimeout
        options.writeTimeout = writeTimeout
        options.maxBodyBytes = maxBodyBytes
        options.maxHeaderBytes = maxHeaderBytes
        options.maxHeaderCount = maxHeaderCount
        options.maxConnections = maxConnections
        options.maxConnectionsPerAddress = maxConnectionsPerAddress
        options.maxRequestsPerConnection = maxRequestsPerConnection
        options.maxRegistrationsPerAddress = maxRegistrationsPerAddress
        options.passwordHashConcurrency = passwordHashConcurrency
        options.shutdownTimeout = shutdownTimeout
        options.sqliteSynchronous = sqliteSynchronous
        options.sqliteGroupCommit = sqliteGroupCommit
        options.autoMigrate = autoMigrate
        options.tokenLifetimeDays = tokenLifetimeDays
        options.trustedProxies = trustedProxy
        options.corsOrigins = corsOrigin
        options.taxRateBps = taxRateBps
        options.shippingCostStandard = shippingCostStandard
        options.shippingCostTwoDay = shippingCostTwoDay
        options.shippingCostOneDay = shippingCostOneDay
        options.defaultCurrency = defaultCurrency
        options.publicReportAccount = publicReportAccount
        options.webApp = webApp
        do {
            return try options.resolve(environment: environment)
        } catch let error as ServeOptions.InvalidValue {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = try configuration(environment: environment)
        if checkConfig {
            // validate() has already refused anything invalid, with exit status 64.
            print("viperd serve: configuration valid: http://\(LogSetup.urlHost(configuration.server.host)):\(configuration.server.port), storage \(configuration.storage)")
            return
        }
        let level = try LogSetup.level(flag: logLevel, environment: environment)
        LogSetup.bootstrap(level: level, format: try LogSetup.format(flag: logFormat, environment: environment))
        let logger = Logger(label: "viperd")

        let application: Application
        do {
            application = try Application(configuration: configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        let server = application.server
        // Before the listening line: whoever waits for it (a supervisor, a test) may send SIGTERM
        // at once, and it must find the graceful shutdown in place, not the default (death) or
        // the not-yet-registered handler (the signal ignored and lost).
        let signals = ShutdownSignals { signal in
            logger.notice("received \(signal), shutting down")
            server.shutdown()
        }
        do {
            try server.start()
        } catch HTTPServerError.alreadyStarted {
            // Only a shutdown signal received during start-up gets here: stop without serving.
            logger.notice("viperd stopped before listening")
            return
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        logger.notice("viperd listening on http://\(LogSetup.urlHost(configuration.server.host)):\(server.localPort)")
        server.waitUntilStopped()
        signals.cancel()
        // SQLite: the data of the last writes is in the -wal file until a checkpoint: fold it into
        // the .sqlite file, so the file alone is a complete database once the server has stopped.
        do {
            try application.storage.close()
        } catch {
            logger.error("checkpoint at exit failed, the -wal file still holds recent writes: \(error)")
        }
        logger.notice("viperd stopped")
    }
}
