import Dispatch
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on POSIX sockets and Dispatch: bytes in, `HTTPRequest` to a handler,
/// `HTTPResponse` back out. It knows nothing of JSON, routing or the application.
public final class HTTPServer: @unchecked Sendable {
    /// Maps a complete request to its response; runs on the worker pool, may block.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Renders a refusal the server decides itself (malformed request, limit, timeout, capacity,
    /// shutdown): the application words it like its other errors. Runs on an event loop, so it
    /// must be quick.
    public typealias ErrorResponder = @Sendable (HTTPRefusal) -> HTTPResponse

    public let configuration: HTTPServerConfiguration
    private let context: ServerContext
    private let loops: [EventLoop]
    private let acceptQueue = DispatchQueue(label: "viperd.accept")
    private let lock = NSLock()
    private var listenFD: Int32 = -1
    private var acceptSource: (any DispatchSourceRead)?
    private var acceptSuspended = false
    private var acceptBackoff = Duration.milliseconds(50)
    private var nextLoop = 0
    private var boundPort = 0
    private var lifecycle = Lifecycle.idle
    private let stopped = DispatchSemaphore(value: 0)

    private enum Lifecycle { case idle, running, stopping, stopped }

    public init(
        configuration: HTTPServerConfiguration,
        logger: Logger = Logger(label: "viperd.http"),
        errorResponder: @escaping ErrorResponder = HTTPServer.plainTextError,
        handler: @escaping Handler
    ) {
        self.configuration = configuration
        let context = ServerContext(configuration: configuration, logger: logger, handler: handler, errorResponder: errorResponder)
        self.context = context
        loops = (0..<max(1, configuration.eventLoopCount)).map { EventLoop(index: $0, context: context) }
    }

    /// The port actually bound (the ephemeral one when configured with port 0).
    public var localPort: Int { lock.withLock { boundPort } }

    /// Connections currently open.
    public var openConnectionCount: Int { context.openConnections.load(ordering: .relaxed) }
    /// Connections carrying a pushed body, which `openConnectionCount` leaves out.
    public var openStreamCount: Int { context.openStreams.load(ordering: .relaxed) }

    /// Binds, listens and starts accepting; returns once the socket is listening.
    public func start() throws {
        try lock.withLock {
            guard lifecycle == .idle else { throw HTTPServerError.alreadyStarted }
            guard loops.allSatisfy(\.isUsable) else {
                throw HTTPServerError.cannotBind("cannot create the event loops' epoll descriptors: \(Socket.describe(errno: errno))")
            }
            signal(SIGPIPE, SIG_IGN)
            let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            listenFD = fd
            boundPort = port
            lifecycle = .running
            for loop in loops { loop.start() }
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
            source.setEventHandler { [self] in acceptReady() }
            source.setCancelHandler { Glibc.close(fd) }
            acceptSource = source
            source.resume()
        }
    }

    /// Graceful shutdown: stop accepting, close idle connections, let in-flight requests finish
    /// (answered with `Connection: close`), then cut what remains after `shutdownTimeout`.
    /// Returns at once; `waitUntilStopped()` blocks until it is over.
    public func shutdown() {
        let proceed: Bool = lock.withLock {
            guard lifecycle == .running else {
                if lifecycle == .idle {
                    lifecycle = .stopped
                    stopped.signal()
                }
                return false
            }
            lifecycle = .stopping
            return true
        }
        guard proceed else { return }
        context.shuttingDown.store(true, ordering: .relaxed)
        let deadline = MonotonicClock.now() &+ configuration.shutdownTimeout.nanoseconds
        // Cancelling on the accept queue orders it after any accept in progress, so no
        // connection can appear once the drain has started counting.
        acceptQueue.async { [self] in
            if let source = acceptSource {
                if acceptSuspended { source.resume() }
                source.cancel()
            }
            acceptSource = nil
            for loop in loops { loop.execute { loop.beginShutdown() } }
            DispatchQueue.global().async { [self] in drain(until: deadline) }
        }
    }

    /// Blocks until a shutdown has completed.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    private func drain(until deadline: UInt64) {
        while openConnectionCount + openStreamCount > 0 && MonotonicClock.now() < deadline {
            usleep(5_000)
        }
        if openConnectionCount + openStreamCount > 0 {
            context.logger.warning("shutdown timeout: closing \(openConnectionCount + openStreamCount) connections")
            for loop in loops { loop.execute { loop.closeAll() } }
            let hardStop = MonotonicClock.now() &+ 1_000_000_000
            while openConnectionCount + openStreamCount > 0 && MonotonicClock.now() < hardStop { usleep(2_000) }
        }
        for loop in loops { loop.stop() }
        context.workers.stop()
        context.writeWorkers.stop()
        lock.withLock { lifecycle = .stopped }
        stopped.signal()
    }

    // MARK: accepting

    private func acceptReady() {
        let maxConnections = configuration.maxConnections
        // Past the cap a few more are accepted only to be told 503; beyond that they are dropped.
        let hardCap = maxConnections + max(16, maxConnections / 16)
        let perAddressCap = configuration.effectiveMaxConnectionsPerAddress
        let perAddressHardCap = perAddressCap + max(16, perAddressCap / 16)
        for _ in 0..<64 {
            switch Socket.accept(listenFD, kernelUnsentBytes: configuration.kernelUnsentBytes) {
            case .accepted(let fd, let remote):
                acceptBackoff = .milliseconds(50)
                let open = context.openConnections.add(1, ordering: .relaxed).newValue
                if open > hardCap {
                    context.openConnections.subtract(1, ordering: .relaxed)
                    Glibc.close(fd)
                    continue
                }
                var refusal = Self.admission(open: open, maxConnections: maxConnections, shuttingDown: context.isShuttingDown)
                let counted = perAddressCap > 0 && !(configuration.isExemptFromAddressCap?(remote) ?? false)
                let addressKey = counted ? ClientAddress.limitKey(of: remote, ipv6PrefixLength: configuration.ipv6PrefixLength) : remote
                if counted {
                    let fromAddress = context.addressCounts.take(addressKey)
                    if fromAddress > perAddressHardCap {
                        // Like the global hard cap: an answer costs a descriptor for a while.
                        context.addressCounts.give(addressKey)
                        context.openConnections.subtract(1, ordering: .relaxed)
                        Glibc.close(fd)
                        continue
                    }
                    if fromAddress > perAddressCap && refusal == nil { refusal = HTTPParseError(.addressAtCapacity) }
                }
                let loop = loops[nextLoop % loops.count]
                nextLoop &+= 1
                loop.execute { [refusal] in
                    loop.adopt(fd: fd, remoteAddress: remote, refusal: refusal, addressKey: counted ? addressKey : nil)
                }
            case .wouldBlock:
                return
            case .outOfDescriptors:
                backOff()
                return
            case .failed(let code):
                context.logger.error("accept failed: \(Socket.describe(errno: code))")
                return
            }
        }
    }

    /// The refusal a connection accepted as the `open`th gets before its address is counted:
    /// one that slipped in while shutting down is told so (its client should go elsewhere),
    /// one past the cap that the server is busy.
    static func admission(open: Int, maxConnections: Int, shuttingDown: Bool) -> HTTPParseError? {
        if shuttingDown { return HTTPParseError(.shuttingDown) }
        return open > maxConnections ? HTTPParseError(.serverAtCapacity) : nil
    }

    /// Out of descriptors: pause accepting instead of spinning on a listener that stays readable.
    private func backOff() {
        guard let source = acceptSource, !acceptSuspended else { return }
        source.suspend()
        acceptSuspended = true
        let delay = acceptBackoff
        acceptBackoff = min(acceptBackoff * 2, .seconds(1))
        context.logger.warning("accept: out of file descriptors, pausing \(delay)")
        // An event loop keeps the time: Dispatch's asyncAfter would need a new timerfd, and there
        // is no descriptor to be had.
        loops[0].run(after: delay) { [self] in
            acceptQueue.async { [self] in
                guard let source = acceptSource, acceptSuspended else { return }
                acceptSuspended = false
                source.resume()
            }
        }
    }

    /// The default error rendering: plain text, for users of the module without an application.
    public static let plainTextError: ErrorResponder = { refusal in
        HTTPResponse(
            status: refusal.error.status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Array("\(refusal.error.reason.rawValue)\n".utf8))
    }
}
