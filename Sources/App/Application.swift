import Domain
import Foundation
import HTTPServer
import Logging
import Mail
import Migrations
import SQLiteGateway
import Security
import Web

/// The composition root: builds the whole application from one configuration.
public final class Application: Sendable {
    public let server: HTTPServer
    /// The database and its gateway, SQLite or PostgreSQL.
    public let storage: Storage
    /// Splits SQLite's contact buckets and merges its search index while the server is idle; nil
    /// on PostgreSQL.
    public let searchUpkeep: ContactSearchUpkeep?
    public let metrics: MetricsRegistry
    /// Deletes expired sessions, transfer drafts and idempotency records every few minutes, on
    /// either store; started with the server (`start`), stopped by whoever stops it.
    public let expiredRecordPurge: ExpiredRecordPurge
    /// How often `expiredRecordPurge` runs once started.
    private let purgeInterval: Duration
    /// The listener of `/metrics` (`--metrics-address`), nil when off. Not started here: whoever
    /// starts `server` starts it too (`startMetrics()`), and a failure to bind it is logged
    /// without stopping the API.
    public let metricsServer: HTTPServer?
    /// Sends the outbox's mail (or logs it, with no relay); started with the upkeep.
    public let mailDelivery: MailDelivery
    /// The open live-event streams; woken by the storage after commits.
    public let liveEvents: LiveEventHub

    /// The SQLite database, for what only SQLite has (the checkpoint at exit); nil on PostgreSQL.
    public var database: Database? { storage.sqliteDatabase }

    /// Opens (and migrates) the database and wires the server to the router; nothing listens
    /// until `server.start()`. The login and registration limits count in the storage's
    /// `attemptCounter()`.
    public init(
        configuration: AppConfiguration, logger: Logger, clock: any Clock = SystemClock(), ids: any IDGenerator = TimeOrderedIDGenerator()
    ) throws {
        let storage = try Storage(
            configuration.storage, connections: configuration.storageConnections, synchronous: configuration.synchronous,
            groupCommit: configuration.groupCommit, groupCommitDelay: .microseconds(configuration.groupCommitDelayMicroseconds),
            quotas: configuration.quotas, postgresGroupCommit: configuration.postgresGroupCommit, errorHandler: Storage.logging(to: logger))
        logger.info("\(storage.startupDescription)")
        let migrator = try storage.migrator()
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
        let gateway = storage.gateway
        let attempts = storage.attemptCounter()
        let dependencies = Dependencies(
            gateway: gateway, clock: clock, ids: ids,
            hasher: BoundedPasswordHasher(
                ScryptPasswordHasher(parameters: configuration.passwordHashing), concurrency: configuration.passwordHashConcurrency),
            tokens: RandomTokenIssuer(), loginThrottle: LoginThrottle(counter: attempts),
            registrationThrottle: configuration.maxRegistrationsPerAddress.map { RegistrationThrottle(counter: attempts, maximumPerAddress: $0) },
            sessionPolicy: configuration.sessionPolicy, accountPolicy: configuration.accountPolicy,
            publicReportAccount: configuration.publicReportAccount, logger: logger, metrics: metrics,
            fingerprinter: SHA256RequestFingerprinter(), orderPolicy: configuration.orderPolicy, transferPolicy: configuration.transferPolicy,
            ipv6PrefixLength: configuration.server.ipv6PrefixLength,
            writeThrottle: WriteThrottle(
                counter: storage.rateWindowCounter(), writesPerMinute: configuration.writesPerMinute,
                transfersPerMinute: configuration.transfersPerMinute),
            codes: RandomCodeIssuer(), identityPolicy: configuration.identityPolicy, mailThrottle: MailThrottle(counter: attempts, maximumPerClient: configuration.maxRegistrationsPerAddress),
            liveEventPolicy: configuration.liveEventPolicy)
        let hub = dependencies.liveEvents
        storage.outboxSignal.subscribe { users in hub.outboxGrew(users) }
        liveEvents = hub
        if let account = configuration.publicReportAccount {
            // Anyone who can reach the port can read this account's transactions: say so loudly.
            logger.warning("PUBLIC REPORT ACCOUNT: GET /api/sortedTransactions/{authorized|posted|all} serves account \(account) to anyone, without a token")
            if (try? gateway.accounts.fetch(id: account)) == nil {
                logger.warning("public report account \(account) does not exist (yet): those requests answer 404 until it does")
            }
        }
        let router = AppRouter(
            dependencies: dependencies, policies: ResponsePolicies(cors: configuration.cors), webApp: configuration.webApp)
        if configuration.cors.isEnabled {
            logger.notice("allowing cross-origin requests from \(configuration.cors.origins.map(\.description).joined(separator: ", "))")
        }
        var serverConfiguration = configuration.server
        serverConfiguration.onRefusal = { status in metrics.recordRefusal(status: status) }
        // The liveness probe touches nothing that can block (HealthResponder): answered on the event
        // loop, it says whether the process serves even while every worker waits on the database.
        serverConfiguration.loopPaths = [OperationalRoute.health.path]
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
            database: { storage.statistics }, sqlite: { storage.sqliteMetrics }, postgres: { storage.postgresMetrics }))
        self.server = server
        self.storage = storage
        self.metrics = metrics
        purgeInterval = configuration.purgeInterval
        expiredRecordPurge = ExpiredRecordPurge(
            gateway: gateway, clock: clock, metrics: metrics, logger: logger, unverifiedLifetime: configuration.identityPolicy.unverifiedLifetime)
        mailDelivery = MailDelivery(
            outbox: gateway.outbox, transport: try Self.mailTransport(configuration.mail, logger: logger), clock: clock, logger: logger,
            policy: configuration.mail.delivery, codeLifetime: configuration.identityPolicy.codeLifetime, messageIDDomain: configuration.mail.domain)
        if storage.sqliteDatabase != nil {
            // One process delivers from a SQLite file: leases left by a killed predecessor are void.
            let released = try gateway.outbox.releaseAllLeases()
            if released > 0 { logger.notice("released \(released) mail lease(s) left by an earlier run") }
        }
        metricsServer = configuration.metricsAddress.map { address in
            Self.metricsServer(at: address, router: MetricsRouter(metrics: metrics), logger: logger)
        }
        // Creates grow a contact bucket, and each commit that indexes contacts adds a segment to
        // SQLite's search index; both are put right in the pauses.
        searchUpkeep = storage.sqliteDatabase.map { database in
            ContactSearchUpkeep(database: database, onError: { error in logger.warning("search upkeep failed: \(error)") })
        }
    }

    /// Starts the periodic work beside the server that SQLite's idle upkeep does not do: the
    /// expired-record purge, on either store (the search upkeep starts with the application);
    /// and, on PostgreSQL, the outbox wake-ups between instances.
    public func startUpkeep() {
        // The first pass waits out start-up, but never longer than the interval: a server restarted
        // more often than every 10 s (a crash loop, the crash test) still expires what is due.
        expiredRecordPurge.start(interval: purgeInterval, delay: min(.seconds(10), purgeInterval))
        mailDelivery.start()
        liveEvents.startSessionSweep()
        // This instance's commits reach the hub through `outboxSignal` (subscribed above); these
        // bring the other instances' (nothing to do on SQLite, one process).
        let hub = liveEvents
        storage.startOutboxWakeups(onGrowth: { users in hub.outboxGrew(users) }, onResync: { hub.resync() })
    }

    /// Stops the search upkeep and the purge; a transaction in progress finishes first, so the
    /// storage can be closed afterwards.
    public func stopUpkeep() {
        searchUpkeep?.stop()
        expiredRecordPurge.stop()
        mailDelivery.stop()
        liveEvents.stopSessionSweep()
        storage.stopOutboxWakeups()
    }

    /// The relay of `--smtp-url`, or the log when there is none.
    private static func mailTransport(_ configuration: MailConfiguration, logger: Logger) throws -> any MailTransport {
        guard configuration.relayURL != nil else {
            logger.notice("no --smtp-url: mail is written to the log (info) and kept in the outbox, not sent")
            return LogMailTransport(logger: logger)
        }
        let relay: SMTPRelay
        do {
            relay = try SMTPRelay(url: configuration.relayURL ?? "")
        } catch {
            throw ApplicationError.invalidConfiguration("--smtp-url: \(error)")
        }
        logger.notice("mail leaves through the SMTP relay \(relay) as \(configuration.fromAddress)")
        return SMTPMailTransport(
            client: SMTPClient(relay: relay, heloName: configuration.domain, timeout: .seconds(configuration.timeout)),
            fromAddress: configuration.fromAddress, fromName: configuration.fromName)
    }

    /// Starts the metrics listener, if there is one; the API serves whether or not it could.
    /// Returns the URL it serves at, nil when off or when it could not bind (logged as an error).
    @discardableResult
    public func startMetrics(logger: Logger) -> String? {
        guard let metricsServer else { return nil }
        let configuration = metricsServer.configuration
        do {
            try metricsServer.start()
        } catch {
            logger.error("metrics listener not started, /metrics is not served: \(error)")
            return nil
        }
        let address = ListenAddress(host: configuration.host, port: metricsServer.localPort)
        return "http://\(address)\(MetricsRouter.path)"
    }

    /// A small server of its own: one loop and one worker are plenty for a scraper, and its few
    /// connections are not counted against the API's.
    private static func metricsServer(at address: ListenAddress, router: MetricsRouter, logger: Logger) -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.host = address.host
        configuration.port = address.port
        configuration.eventLoopCount = 1
        configuration.workerCount = 1
        configuration.writeWorkerCount = 1
        configuration.maxConnections = 16
        configuration.maxConnectionsPerAddress = 0
        configuration.maxBodyBytes = 0
        return HTTPServer(configuration: configuration, logger: logger, handler: { request in router.respond(to: request) })
    }
}
