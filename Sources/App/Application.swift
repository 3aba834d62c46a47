import Domain
import HTTPServer
import Logging
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
        let dependencies = Dependencies(
            gateway: SQLiteEntityGateway(database: database), clock: clock, ids: ids,
            hasher: ScryptPasswordHasher(parameters: configuration.passwordHashing), tokens: RandomTokenIssuer(),
            throttle: throttle, sessionPolicy: configuration.sessionPolicy, logger: logger, metrics: metrics)
        let router = AppRouter(dependencies: dependencies)
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
