import Logging
import Synchronization

/// What every connection of one server shares: configuration, handler, workers, counters.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let connectionSettings: ConnectionStateMachine.Settings
    let handler: HTTPServer.Handler
    let errorResponder: HTTPServer.ErrorResponder
    let workers: WorkerPool
    let writeWorkers: WorkerPool
    let logger: Logger
    let openConnections = Atomic<Int>(0)
    /// Connections carrying a pushed body (`HTTPPushChannel`), out of `openConnections`.
    let openStreams = Atomic<Int>(0)
    let shuttingDown = Atomic<Bool>(false)
    /// Connections per peer address; only kept while `maxConnectionsPerAddress` is on.
    let addressCounts = AddressConnectionCounts()

    init(configuration: HTTPServerConfiguration, logger: Logger, handler: @escaping HTTPServer.Handler, errorResponder: @escaping HTTPServer.ErrorResponder) {
        self.configuration = configuration
        self.connectionSettings = ConnectionStateMachine.Settings(configuration)
        self.handler = handler
        self.errorResponder = errorResponder
        self.logger = logger
        self.workers = WorkerPool(count: configuration.workerCount, name: "viperd-worker")
        self.writeWorkers = WorkerPool(count: configuration.writeWorkerCount, name: "viperd-writer")
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .relaxed) }

    /// Whether `request` is one of the configuration's `loopPaths`, for a safe method.
    func answersOnLoop(_ request: HTTPRequest) -> Bool {
        !configuration.loopPaths.isEmpty && request.method.isSafe && configuration.loopPaths.contains(request.path)
    }

    /// How often each event loop checks deadlines: fine enough for the shortest timeout.
    var tickInterval: Duration {
        let shortest = [
            configuration.headerTimeout, configuration.bodyTimeout, configuration.idleTimeout,
            configuration.writeTimeout, configuration.handlerTimeout, configuration.lingerTimeout,
        ].min() ?? .seconds(1)
        return max(.milliseconds(2), min(.milliseconds(250), shortest / 8))
    }
}
