import Dispatch
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One client socket: reads, frames requests, hands them to the workers, writes responses.
///
/// All state is confined to the owning loop's serial queue (hence `@unchecked Sendable`). Reads
/// are suspended while a request is being handled, so responses go out in request order and a
/// pipelining client cannot make the server buffer without bound.
final class Connection: @unchecked Sendable {
    enum State {
        /// Waiting for or parsing a request.
        case reading
        /// A handler is working on a request; reads are suspended.
        case handling
        /// The last response is being flushed; then the write side closes.
        case closing
        /// Write side shut; unread input is drained for a bounded time (lingering close).
        case lingering
        case closed
    }

    enum ReadDeadline {
        case none, idle, header, body, handler, linger
    }

    /// The request whose response is owed, for `Connection:` handling and the access log.
    struct Exchange {
        var method: HTTPMethod
        var path: String
        var version: HTTPVersion
        var requestID: String
        var keepAlive: Bool
        var startedAt: UInt64
        /// The client's address when it is not the peer's (a trusted proxy forwarded the request).
        var client: String? = nil
    }

    let fd: Int32
    let remoteAddress: String
    /// Strong on purpose: a connection can outlive its server object by a few events (a late
    /// accept during shutdown), and its loop must still be there. The loop's table holds the
    /// connection until `close()`, which ends the cycle.
    let loop: EventLoop
    let context: ServerContext

    var state = State.reading
    var parser: HTTPRequestParser
    var exchange: Exchange?
    var requestsStarted = 0
    var handlingGeneration = 0

    var readSource: DispatchSourceRead?
    var writeSource: DispatchSourceWrite?
    var readSuspended = true
    var writeSuspended = true
    var pendingCancellations = 0

    var output: [UInt8] = []
    var outputOffset = 0

    var readDeadline = UInt64.max
    var readDeadlineKind = ReadDeadline.none
    var writeDeadline = UInt64.max
    var idleSince: UInt64
    var lastReadAt: UInt64
    var headStartedAt: UInt64?
    var lingeredBytes = 0

    init(fd: Int32, remoteAddress: String, loop: EventLoop, context: ServerContext) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.loop = loop
        self.context = context
        self.parser = HTTPRequestParser(limits: context.limits)
        let now = MonotonicClock.now()
        idleSince = now
        lastReadAt = now
    }

    func start(rejectAtCapacity: Bool) {
        let read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: loop.queue)
        let write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: loop.queue)
        read.setEventHandler { [unowned self] in readable() }
        write.setEventHandler { [unowned self] in flush(resumeProcessing: true) }
        // The descriptor is closed only once both sources are cancelled, so no event can reach a
        // reused fd number.
        read.setCancelHandler { [self] in sourceCancelled() }
        write.setCancelHandler { [self] in sourceCancelled() }
        pendingCancellations = 2
        readSource = read
        writeSource = write
        if rejectAtCapacity {
            fail(HTTPParseError(.serverAtCapacity))
        } else {
            setReadDeadline(.idle, at: idleSince &+ context.idleTimeout)
            resumeReading()
        }
    }

    // MARK: reading

    private func readable() {
        switch state {
        case .reading: break
        case .lingering:
            drainWhileLingering()
            return
        case .handling, .closing:
            suspendReading()
            return
        case .closed:
            return
        }
        switch Socket.read(fd, into: loop.readBuffer) {
        case .bytes(let count):
            parser.feed(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count]))
            lastReadAt = MonotonicClock.now()
            process()
        case .wouldBlock:
            return
        case .endOfFile:
            // The client is done sending; whatever it owes us will not come.
            if output.count > outputOffset {
                suspendReading()
                state = .closing
            } else {
                close()
            }
        case .failed:
            abort()
        }
    }

    /// Frames and dispatches buffered requests until one is in flight or more bytes are needed.
    func process() {
        while state == .reading {
            if output.count - outputOffset > context.configuration.outputHighWaterBytes {
                suspendReading()
                return
            }
            switch parser.next() {
            case .needMore:
                armReadDeadline()
                resumeReading()
                return
            case .head(let head):
                headStartedAt = nil
                if head.expectsContinue && parser.bufferedByteCount == 0 {
                    output.append(contentsOf: ResponseSerializer.continueBytes)
                    flush(resumeProcessing: false)
                }
            case .complete(let request):
                dispatch(request)
                return
            case .failure(let error):
                fail(error)
                return
            }
        }
    }

    private func armReadDeadline() {
        switch parser.phase {
        case .idle where output.count > outputOffset:
            // Still writing the last response: the write deadline governs, idleness starts
            // when the output is gone (see `flush`).
            setReadDeadline(.none, at: .max)
        case .idle:
            setReadDeadline(.idle, at: idleSince &+ context.idleTimeout)
        case .head:
            let started = headStartedAt ?? lastReadAt
            headStartedAt = started
            setReadDeadline(.header, at: started &+ context.headerTimeout)
        case .body:
            setReadDeadline(.body, at: lastReadAt &+ context.bodyTimeout)
        }
    }

    private func drainWhileLingering() {
        switch Socket.read(fd, into: loop.readBuffer) {
        case .bytes(let count):
            lingeredBytes += count
            if lingeredBytes > context.configuration.lingerMaxBytes { close() }
        case .wouldBlock:
            return
        case .endOfFile, .failed:
            close()
        }
    }

    // MARK: handling

    private func dispatch(_ incoming: HTTPRequest) {
        var request = incoming
        // Reads stop while the handler works, but lazily: the source is suspended only if the
        // client actually sends more (see `readable`). Suspending and resuming a Dispatch
        // source on every request costs two trips through Dispatch's manager thread.
        state = .handling
        headStartedAt = nil
        requestsStarted += 1
        if let sent = request.headers["X-Request-ID"], RequestID.isSane(sent) {
            request.requestID = sent
        } else {
            request.requestID = loop.nextRequestID()
        }
        request.remoteAddress = context.configuration.clientAddress?(remoteAddress, request.headers) ?? remoteAddress
        let now = MonotonicClock.now()
        exchange = Exchange(
            method: request.method, path: request.path, version: request.version, requestID: request.requestID,
            keepAlive: request.keepAlive && requestsStarted < context.configuration.maxRequestsPerConnection,
            startedAt: now, client: request.remoteAddress)
        handlingGeneration &+= 1
        let generation = handlingGeneration
        setReadDeadline(.handler, at: now &+ context.handlerTimeout)
        let handler = context.handler
        let loop = self.loop
        context.workers.submit { [self, request] in
            let response = handler(request)
            loop.queue.async { self.handlerFinished(response, generation: generation) }
        }
    }

    private func handlerFinished(_ response: HTTPResponse, generation: Int) {
        guard state == .handling, generation == handlingGeneration else { return }
        respond(response, forceClose: false)
    }

    /// Queues the response to the current exchange, then keeps reading or starts closing.
    func respond(_ response: HTTPResponse, forceClose: Bool) {
        let exchange = self.exchange ?? Exchange(
            method: "-", path: "-", version: .http1_1, requestID: loop.nextRequestID(), keepAlive: false,
            startedAt: MonotonicClock.now())
        self.exchange = nil
        let close = forceClose || !exchange.keepAlive || context.isShuttingDown
        let connectionHeader: String? = close ? "close" : (exchange.version == .http1_0 ? "keep-alive" : nil)
        let before = output.count
        ResponseSerializer.serialize(
            response, into: &output, includeBody: exchange.method != .head, date: loop.date,
            requestID: exchange.requestID, connectionHeader: connectionHeader)
        logAccess(exchange, status: response.status.code, bytes: output.count - before)
        readDeadlineKind = .none
        readDeadline = .max
        if close {
            state = .closing
            suspendReading()
            flush(resumeProcessing: false)
        } else {
            state = .reading
            idleSince = MonotonicClock.now()
            flush(resumeProcessing: false)
            process()
        }
    }

    /// Answers a broken or timed-out request with the error responder's response, then closes.
    func fail(_ error: HTTPParseError) {
        guard state == .reading || state == .handling else { return }
        handlingGeneration &+= 1
        if exchange == nil {
            exchange = Exchange(
                method: "-", path: "-", version: .http1_1, requestID: loop.nextRequestID(), keepAlive: false,
                startedAt: MonotonicClock.now())
        }
        let requestID = exchange?.requestID ?? ""
        let response = context.errorResponder(error, requestID)
        context.configuration.onRefusal?(response.status.code)
        respond(response, forceClose: true)
    }

    private func logAccess(_ exchange: Exchange, status: Int, bytes: Int) {
        let logger = context.logger
        // Server faults at error; 503 (capacity, shutdown, storage) at warning; the rest at info.
        let level: Logger.Level = status == 503 ? .warning : status >= 500 ? .error : .info
        guard logger.logLevel <= level else { return }
        let micros = (MonotonicClock.now() &- exchange.startedAt) / 1000
        logger.log(
            level: level,
            "\(exchange.method) \(exchange.path) \(status)",
            metadata: [
                "method": "\(exchange.method)", "path": "\(exchange.path)", "status": "\(status)", "bytes": "\(bytes)", "duration_ms": "\(Double(micros) / 1000)",
                "request_id": "\(exchange.requestID)", "remote": "\(exchange.client ?? remoteAddress)",
            ])
    }

    // MARK: shutdown

    func shutdownRequested() {
        switch state {
        case .reading where parser.phase == .idle && output.count == outputOffset:
            close()
        case .lingering:
            readDeadline = min(readDeadline, MonotonicClock.now() &+ lingerPeriod)
        default:
            break
        }
    }

    func checkDeadlines(now: UInt64) {
        if state == .closed { return }
        if writeDeadline <= now {
            abort()
            return
        }
        guard readDeadline <= now else { return }
        switch readDeadlineKind {
        case .none: readDeadline = .max
        case .idle: if output.count == outputOffset { close() } else { readDeadline = .max }
        case .header: fail(HTTPParseError(.headerTimeout))
        case .body: fail(HTTPParseError(.bodyTimeout))
        case .handler: fail(HTTPParseError(.handlerTimeout))
        case .linger: close()
        }
    }

    func setReadDeadline(_ kind: ReadDeadline, at deadline: UInt64) {
        readDeadlineKind = kind
        readDeadline = deadline
    }
}
