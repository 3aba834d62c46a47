import Synchronization
import Logging
import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// One client socket: performs what its `ConnectionStateMachine` decides — reads, hands requests
/// to the workers, writes responses, closes.
///
/// All state is confined to the owning loop's thread (hence `@unchecked Sendable`). Every
/// decision (keep-alive, pipelining order, deadlines, lingering close) is the state machine's;
/// this class owns only the descriptor, what epoll said of it and the output buffer.
final class Connection: @unchecked Sendable {
    /// The request whose response is owed, for its request id and the access log.
    private struct Exchange {
        var method: HTTPMethod
        var path: String
        var requestID: String
        var startedAt: UInt64
        /// The client's address when it is not the peer's (a trusted proxy forwarded the request).
        var client: String? = nil
        /// The dispatched request's header fields, for a refusal of it (the handler's deadline).
        var headers: HTTPHeaders? = nil
    }

    private let fd: Int32
    private let remoteAddress: String
    /// Strong on purpose: a connection can outlive its server object by a few events (a late
    /// accept during shutdown), and its loop must still be there. The loop's table holds the
    /// connection until `close()`, which ends the cycle.
    private let loop: EventLoop
    private let context: ServerContext
    private var machine: ConnectionStateMachine
    private var exchange: Exchange?

    // What the state machine asked for, and what the edge-triggered registration last said:
    // the socket may hold unread bytes until a read comes back short or would block.
    private var wantsRead = false
    private var wantsWrite = false
    private var mayRead = true
    /// epoll has reported the peer's end of stream. Its edge comes once, often with the last
    /// bytes, so a short read no longer means "empty until the next edge": reading goes on until
    /// it returns the end of the stream.
    private var peerHungUp = false
    private var descriptorClosed = false

    private var output: [UInt8] = []
    private var outputOffset = 0

    /// The producer of the body being streamed, until it is finished.
    private var stream: (any HTTPBodyProducer)?
    /// Its `next` is running on a worker: finishing it must wait for that to return.
    private var producing = false
    /// The streamed response's request, logged when its body ends, and the bytes sent for it.
    private var streamExchange: Exchange?
    private var streamStatus = 0
    private var streamBytes = 0
    /// The pushed body being written, until its channel ends.
    private var push: HTTPPushChannel?
    private var pushChunked = true
    /// Sent bytes at the head of a blocked output worth copying the rest away from.
    static let compactionBytes = 64 * 1024

    init(fd: Int32, remoteAddress: String, loop: EventLoop, context: ServerContext) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.loop = loop
        self.context = context
        machine = ConnectionStateMachine(settings: context.connectionSettings, now: MonotonicClock.now())
    }

    /// The key (`ClientAddress.limitKey`) whose per-address slot the connection holds until its
    /// descriptor is closed; nil when it is not counted.
    private var addressKey: String?
    /// The connection carries a pushed body: it counts in `openStreams`, not `openConnections`.
    private var countedAsStream = false

    /// The loop has registered the descriptor; the state machine takes over.
    func start(refusal: HTTPParseError?, addressKey: String?) {
        self.addressKey = addressKey
        deliver(.opened(refusal: refusal))
    }

    /// The loop could not watch the descriptor: close it without a word.
    func discard(addressKey: String?) {
        self.addressKey = addressKey
        descriptorClosed = true
        releaseDescriptor()
    }

    /// What epoll reported for the descriptor.
    func handle(events: UInt32) {
        let readable = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
        let writable = EPOLLOUT.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
        if events & readable != 0 {
            mayRead = true
            if events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0 { peerHungUp = true }
            readIfWanted()
        }
        if events & writable != 0, wantsWrite, !descriptorClosed {
            deliver(.writable)
        }
    }

    /// Graceful shutdown: idle connections close now, busy ones after their response.
    func shutdownRequested() {
        deliver(.shutdown)
    }

    /// Closes without lingering (end of the shutdown drain).
    func abort() {
        deliver(.abort)
    }

    func checkDeadlines(now: UInt64) {
        perform(machine.handle(.tick, now: now, shuttingDown: context.isShuttingDown), now: now)
    }

    // MARK: events in

    private func deliver(_ event: ConnectionStateMachine.Event) {
        let now = MonotonicClock.now()
        perform(machine.handle(event, now: now, shuttingDown: context.isShuttingDown), now: now)
    }

    /// Reads while the state machine wants input and the socket may have some. Edge-triggered:
    /// bytes left unread would raise no new event, so a connection still readable after a few
    /// reads goes back on the loop's list instead of starving the others.
    func readIfWanted() {
        var reads = 0
        while wantsRead, mayRead, !descriptorClosed {
            guard machine.wantsInput else {
                suspendReading()
                return
            }
            guard reads < 16 else {
                loop.readSoon(self)
                return
            }
            reads += 1
            switch Socket.read(fd, into: loop.readBuffer) {
            case .bytes(let count):
                // A short read emptied the socket; the next arrival raises a new edge, unless the
                // peer has hung up: then no edge will come, and only a read says so.
                if count < loop.readBuffer.count, !peerHungUp { mayRead = false }
                deliver(.bytesRead(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count])))
            case .wouldBlock:
                mayRead = false
            case .endOfFile:
                deliver(.endOfFile)
                return
            case .failed:
                deliver(.readFailed)
                return
            }
        }
    }

    // MARK: actions out

    /// Performs `first` and, after every write, the action its outcome leads to.
    private func perform(_ first: ConnectionStateMachine.Action, now eventTime: UInt64) {
        var action = first
        var now = eventTime
        while true {
            switch action {
            case .none:
                return
            case .read:
                resumeReading()
                return
            case .stopReading:
                suspendReading()
                return
            case .dispatch(let request, let ticket):
                dispatch(request, ticket: ticket, now: now)
                return
            case .writeContinue:
                output.append(contentsOf: ResponseSerializer.continueBytes)
            case .write(let response, let connection):
                queue(response, connection: connection)
            case .beginStream(let response, let connection, let chunked):
                beginStream(response, connection: connection, chunked: chunked)
            case .produce:
                produce()
                return
            case .writeBody(let bytes, let chunked, let last):
                writeBody(bytes, chunked: chunked, last: last)
            case .beginPush(let response, let chunked):
                beginPush(response, chunked: chunked)
            case .writePushed:
                action = machine.handle(takePushed(), now: now, shuttingDown: context.isShuttingDown)
                continue
            case .writeHeartbeat:
                if let push { appendPushed(push.heartbeat, last: false) }
            case .endPush:
                if let push {
                    appendPushed(push.farewell, last: true)
                    endPush(.shutdown)
                }
            case .refuse(let error):
                let exchange = self.exchange ?? placeholderExchange(method: machine.methodBeingRead)
                self.exchange = exchange
                let response = context.errorResponder(
                    HTTPRefusal(error: error, requestID: exchange.requestID, headers: exchange.headers ?? machine.headersBeingRead))
                context.configuration.onRefusal?(response.status.code)
                queue(response, connection: .close)
            case .flush:
                break
            case .linger:
                shutdown(fd, Int32(SHUT_WR))
                resumeReading()
                return
            case .close:
                close()
                return
            }
            let outcome = flush()
            now = MonotonicClock.now()
            action = machine.handle(outcome, now: now, shuttingDown: context.isShuttingDown)
        }
    }

    private func dispatch(_ incoming: HTTPRequest, ticket: UInt64, now: UInt64) {
        var request = incoming
        if let sent = request.headers["X-Request-ID"], RequestID.isSane(sent) {
            request.requestID = sent
        } else {
            request.requestID = loop.nextRequestID()
        }
        request.remoteAddress = context.configuration.clientAddress?(remoteAddress, request.headers) ?? remoteAddress
        exchange = Exchange(
            method: request.method, path: request.path, requestID: request.requestID, startedAt: now, client: request.remoteAddress,
            headers: request.headers)
        let handler = context.handler
        let loop = self.loop
        if context.answersOnLoop(request) {
            loop.later { [self] in deliverResponse(handler(request), ticket: ticket) }
            return
        }
        let workers = request.method.isSafe ? context.workers : context.writeWorkers
        workers.submit { [self, request] in
            let response = handler(request)
            loop.execute { self.deliverResponse(response, ticket: ticket) }
        }
    }

    /// A handler's answer; a streamed one whose body will not be sent (a HEAD, a late or
    /// refused answer) has its producer finished here. A HEAD's is finished before its head goes
    /// out, so a client that sends its next request on reading it finds what the producer held
    /// (a report's snapshot, one per user) given back; meanwhile the connection is still handling.
    private func deliverResponse(_ response: HTTPResponse, ticket: UInt64, finished: Bool = false) {
        if !finished, let producer = response.stream, exchange?.method == .head {
            let loop = self.loop
            context.workers.submit { [self] in
                producer.finish()
                loop.execute { self.deliverResponse(response, ticket: ticket, finished: true) }
            }
            return
        }
        let now = MonotonicClock.now()
        let action = machine.handle(.responseReady(response, ticket: ticket), now: now, shuttingDown: context.isShuttingDown)
        if !finished, let producer = response.stream {
            if case .beginStream = action {} else { finish(producer) }
        }
        if let channel = response.push {
            if case .beginPush = action {} else { channel.end(.notSent) }
        }
        perform(action, now: now)
    }

    // MARK: streamed bodies

    /// Queues the head of a streamed response; its producer is the connection's until finished.
    private func beginStream(_ response: HTTPResponse, connection: ConnectionStateMachine.ConnectionField, chunked: Bool) {
        let exchange = self.exchange ?? placeholderExchange()
        self.exchange = nil
        if connection == .close { suspendReading() }
        let before = output.count
        ResponseSerializer.serialize(
            response, into: &output, includeBody: false, date: loop.date, requestID: exchange.requestID,
            connectionHeader: connection.value, chunked: chunked)
        stream = response.stream
        streamExchange = exchange
        streamStatus = response.status.code
        streamBytes = output.count - before
    }

    // MARK: pushed bodies

    /// Queues the head of a pushed response and moves the connection out of the server's
    /// connection counts into its stream count; the channel wakes the loop when it has bytes.
    private func beginPush(_ response: HTTPResponse, chunked: Bool) {
        let exchange = self.exchange ?? placeholderExchange()
        self.exchange = nil
        let before = output.count
        ResponseSerializer.serialize(
            response, into: &output, includeBody: false, date: loop.date, requestID: exchange.requestID, connectionHeader: "close",
            chunked: chunked)
        push = response.push
        pushChunked = chunked
        streamExchange = exchange
        streamStatus = response.status.code
        streamBytes = output.count - before
        leaveConnectionCounts()
        let loop = self.loop
        response.push?.attach { [self] in loop.execute { self.pushWoken() } }
        resumeReading()
    }

    private func pushWoken() {
        guard push != nil, !descriptorClosed else { return }
        deliver(.pushWoken)
    }

    /// Takes what the application pushed: the event that says what to do with it.
    private func takePushed() -> ConnectionStateMachine.Event {
        guard let channel = push else { return .abort }
        let taken = channel.take()
        if taken.ended { return .abort }
        if output.count - outputOffset + taken.bytes.count > channel.backlogLimit {
            endPush(.backlogExceeded)
            return .abort
        }
        appendPushed(taken.bytes, last: taken.finishing)
        if taken.finishing {
            endPush(.finished)
            return .pushFinished
        }
        return .pushWritten
    }

    private func appendPushed(_ bytes: [UInt8], last: Bool) {
        let before = output.count
        ResponseSerializer.appendBodyPiece(bytes, to: &output, chunked: pushChunked, last: last)
        streamBytes += output.count - before
    }

    /// Ends the channel (its `onEnd` hears `reason` unless it ended already) and logs the exchange.
    private func endPush(_ reason: HTTPPushChannel.Ending) {
        guard let channel = push else { return }
        push = nil
        channel.end(reason)
        if let exchange = streamExchange {
            streamExchange = nil
            logAccess(exchange, status: streamStatus, bytes: streamBytes, streamOutcome: reason == .finished || reason == .shutdown ? nil : "\(reason)")
        }
    }

    /// A pushed connection is capped by the application, not by `maxConnections` or the
    /// per-address cap: it gives its slots back and counts as a stream until it closes.
    private func leaveConnectionCounts() {
        guard !countedAsStream else { return }
        countedAsStream = true
        if let addressKey { context.addressCounts.give(addressKey) }
        addressKey = nil
        context.openConnections.subtract(1, ordering: .relaxed)
        context.openStreams.add(1, ordering: .relaxed)
    }

    /// Runs the producer's `next` on a worker; the piece comes back to the loop.
    private func produce() {
        guard let producer = stream, !producing else { return }
        producing = true
        let loop = self.loop
        context.workers.submit { [self] in
            var piece: [UInt8] = []
            let outcome = Result { try producer.next(into: &piece) }
            loop.execute { self.produced(piece, outcome: outcome) }
        }
    }

    private func produced(_ piece: [UInt8], outcome: Result<Bool, any Error>) {
        producing = false
        guard !descriptorClosed, stream != nil else {
            endStream(outcome: "cut")
            return
        }
        switch outcome {
        case .success(let more):
            deliver(.bodyProduced(piece, last: !more))
        case .failure(let error):
            context.logger.error(
                "streamed body failed: \(error); the body ends truncated and the connection closes",
                metadata: ["request_id": "\(streamExchange?.requestID ?? "-")"])
            endStream(outcome: "failed")
            deliver(.bodyFailed)
        }
    }

    private func writeBody(_ bytes: [UInt8], chunked: Bool, last: Bool) {
        let before = output.count
        ResponseSerializer.appendBodyPiece(bytes, to: &output, chunked: chunked, last: last)
        streamBytes += output.count - before
        if last { endStream(outcome: nil) }
    }

    /// Finishes the producer (once no `next` is running) and logs the exchange; `outcome` says
    /// why a body did not end whole.
    private func endStream(outcome: String?) {
        guard let producer = stream else { return }
        if let exchange = streamExchange {
            streamExchange = nil
            logAccess(exchange, status: streamStatus, bytes: streamBytes, streamOutcome: outcome)
        }
        guard !producing else { return }
        stream = nil
        finish(producer)
    }

    /// `finish` may block on storage: it runs on a worker, never on the loop.
    private func finish(_ producer: any HTTPBodyProducer) {
        context.workers.submit { producer.finish() }
    }

    /// Serializes the response to the current exchange into the output buffer.
    private func queue(_ response: HTTPResponse, connection: ConnectionStateMachine.ConnectionField) {
        let exchange = self.exchange ?? placeholderExchange()
        self.exchange = nil
        if connection == .close { suspendReading() }
        let before = output.count
        ResponseSerializer.serialize(
            response, into: &output, includeBody: exchange.method != .head, date: loop.date,
            requestID: exchange.requestID, connectionHeader: connection.value)
        logAccess(exchange, status: response.status.code, bytes: output.count - before)
    }

    /// A refusal before any request was framed still gets a request id and a log line; `method`
    /// when the request line was read (a HEAD refusal then carries no content).
    private func placeholderExchange(method: HTTPMethod? = nil) -> Exchange {
        Exchange(method: method ?? "-", path: "-", requestID: loop.nextRequestID(), startedAt: MonotonicClock.now())
    }

    /// - Parameter streamOutcome: for a streamed body that did not end whole, why (`failed`,
    ///   `cut`); logged at warning with the bytes that went out.
    private func logAccess(_ exchange: Exchange, status: Int, bytes: Int, streamOutcome: String? = nil) {
        let logger = context.logger
        // Server faults at error; 503 (capacity, shutdown, storage) and cut bodies at warning;
        // the rest at info.
        let level: Logger.Level = status == 503 || streamOutcome != nil ? .warning : status >= 500 ? .error : .info
        guard logger.logLevel <= level else { return }
        let micros = (MonotonicClock.now() &- exchange.startedAt) / 1000
        var metadata: Logger.Metadata = [
            "method": "\(exchange.method)", "path": "\(exchange.path)", "status": "\(status)", "bytes": "\(bytes)", "duration_ms": "\(Double(micros) / 1000)",
            "request_id": "\(exchange.requestID)", "remote": "\(exchange.client ?? remoteAddress)",
        ]
        if let streamOutcome { metadata["body"] = "\(streamOutcome)" }
        logger.log(level: level, "\(exchange.method) \(exchange.path) \(status)", metadata: metadata)
    }

    /// Sends queued output until done or the socket is full (then the next EPOLLOUT edge takes over).
    private func flush() -> ConnectionStateMachine.Event {
        var progressed = false
        while outputOffset < output.count {
            let result = output.withUnsafeBytes { bytes in
                Socket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
            }
            switch result {
            case .bytes(let count):
                outputOffset += count
                progressed = true
            case .wouldBlock:
                resumeWriting()
                if outputOffset >= Self.compactionBytes {
                    // A client that reads slowly keeps what it has not read, not the whole
                    // buffer: the output budget counts unsent bytes, and this makes them the
                    // memory it holds.
                    output = Array(output[outputOffset...])
                    outputOffset = 0
                }
                return .writeBlocked(pendingBytes: output.count - outputOffset, progressed: progressed)
            case .endOfFile, .failed:
                return .writeFailed
            }
        }
        if output.capacity > 1 << 20 || push != nil {
            // An open stream is idle most of its life: it keeps no buffer between pieces.
            output = []
        } else {
            output.removeAll(keepingCapacity: true)
        }
        outputOffset = 0
        suspendWriting()
        return .writeDrained
    }

    // MARK: sources and the end

    private func close() {
        guard !descriptorClosed else { return }
        descriptorClosed = true
        wantsRead = false
        wantsWrite = false
        endStream(outcome: "cut")
        endPush(.clientGone)
        loop.forget(fd: fd)
        // Closing the descriptor also removes it from the loop's epoll set.
        releaseDescriptor()
    }

    private func releaseDescriptor() {
        Glibc.close(fd)
        if let addressKey { context.addressCounts.give(addressKey) }
        if countedAsStream {
            context.openStreams.subtract(1, ordering: .relaxed)
        } else {
            context.openConnections.subtract(1, ordering: .relaxed)
        }
    }

    private func suspendReading() {
        wantsRead = false
    }

    private func resumeReading() {
        guard !wantsRead, !machine.isClosed, !descriptorClosed else { return }
        wantsRead = true
        if mayRead { loop.readSoon(self) }
    }

    private func suspendWriting() {
        wantsWrite = false
    }

    /// The socket's buffer is full: the next EPOLLOUT edge continues the write.
    private func resumeWriting() {
        guard !machine.isClosed, !descriptorClosed else { return }
        wantsWrite = true
    }
}
