import Domain
import Foundation
import HTTPServer
import Logging
import Migrations
import SQLiteGateway
import Security
import Web

/// The composition root: builds the whole application from one configuration.
public final class Application: Sendable {
    public let server: HTTPServer
    public let database: Database
    public let metrics: MetricsRegistry

    /// Opens (and migrates) the database and wires the server to the router; nothing listens
    /// until `server.start()`.
    public init(
        configuration: AppConfiguration, logger: Logger, clock: any Clock = SystemClock(), ids: any IDGenerator = RandomIDGenerator(),
        throttle: any LoginThrottle = InMemoryLoginThrottle()
    ) throws {
        let database = try Database(configuration: configuration.database) { error in
            // An expected conflict (a taken email) is the client's doing: no error, and no SQL.
            if let error = error as? SQLiteError, error.isConstraintViolation {
                logger.notice("database constraint: \(error.message)")
            } else {
                logger.error("database error: \(error)")
            }
        }
        // STRICT tables need SQLite 3.37; the version is the first thing to check in a report.
        logger.info("SQLite \(SQLiteGateway.libraryVersion) at \(configuration.databasePath)")
        let migrator = try Migrator(database: database)
        if configuration.autoMigrate {
            for migration in try migrator.migrate() {
                logger.notice("applied migration \(migration.name)")
            }
        } else {
            try migrator.validate()
            let pending = try migrator.pending()
            guard pending.isEmpty else { throw ApplicationError.pendingMigrations(pending.map(\.name)) }
        }
        let metrics = MetricsRegistry(version: BuildInfo.version)
        let gateway = SQLiteEntityGateway(database: database)
        let dependencies = Dependencies(
            gateway: gateway, clock: clock, ids: ids,
            hasher: ScryptPasswordHasher(parameters: configuration.passwordHashing), tokens: RandomTokenIssuer(),
            throttle: throttle, sessionPolicy: configuration.sessionPolicy, accountPolicy: configuration.accountPolicy,
            publicReportAccount: configuration.publicReportAccount, logger: logger, metrics: metrics,
            fingerprinter: SHA256RequestFingerprinter(), orderPolicy: configuration.orderPolicy,
            idempotencyPurge: IdempotencyPurgeSchedule(startedAt: clock.now()))
        // Expired idempotency records go at start-up, then hourly with the traffic (see
        // IdempotencyPurgeSchedule).
        let purged = try dependencies.gateway.idempotency.purge(olderThan: clock.now().addingTimeInterval(-IdempotencyPolicy.standard.retention))
        if purged > 0 { logger.info("purged \(purged) expired idempotency records") }
        if let account = configuration.publicReportAccount {
            // Anyone who can reach the port can read this account's transactions: say so loudly.
            logger.warning("PUBLIC REPORT ACCOUNT: GET /api/sortedTransactions/{authorized|posted|all} serves account \(account) to anyone, without a token")
            if (try? gateway.accounts.fetch(id: account)) == nil {
                logger.warning("public report account \(account) does not exist (yet): those requests answer 404 until it does")
            }
        }
        let router = AppRouter(dependencies: dependencies, policies: ResponsePolicies(cors: configuration.cors))
        if configuration.cors.isEnabled {
            logger.notice("allowing cross-origin requests from \(configuration.cors.origins.map(\.description).joined(separator: ", "))")
        }
        var serverConfiguration = configuration.server
        serverConfiguration.onRefusal = { status in metrics.recordRefusal(status: status) }
        if !configuration.trustedProxies.isEmpty {
            let proxies = configuration.trustedProxies
            serverConfiguration.clientAddress = { peer, headers in proxies.clientAddress(peer: peer, headers: headers) }
            // A proxy carries many clients on its connections: the per-address cap is not for it.
            serverConfiguration.isExemptFromAddressCap = { peer in ClientAddress(peer).map(proxies.contains) ?? false }
            logger.notice("trusting X-Forwarded-For from \(proxies.networks.map(\.description).joined(separator: ", "))")
        }
        let server = HTTPServer(
            configuration: serverConfiguration, logger: logger, errorResponder: ServerErrorResponder.respond,
            handler: { request in router.respond(to: request) })
        metrics.setSources(MetricsRegistry.Sources(
            openConnections: { [weak server] in server?.openConnectionCount ?? 0 },
            database: {
                let statistics = database.statistics
                return (statistics.queries, statistics.seconds)
            }))
        self.server = server
        self.database = database
        self.metrics = metrics
    }
}
