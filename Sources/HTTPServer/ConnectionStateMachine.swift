/// What one client connection does next, decided without sockets, Dispatch or a clock.
///
/// `Connection` turns what happens on its socket into an `Event`, hands it over with the current
/// time, and performs the one `Action` it gets back; when that action is a write, the write's
/// outcome is the next event. One action per event keeps the hot path free of allocations.
/// The request parser lives here because it is pure too: bytes go in, requests come out in
/// order, so "request parsed" is a step inside `.bytesRead` rather than an event. Deadlines are
/// kept here and fired by `.tick`, because the event loop's timer sweeps every connection;
/// arming one is a state change, not an action (`nextDeadline` shows it).
struct ConnectionStateMachine {
    /// Which deadline is armed; each fires its own way.
    enum DeadlineKind: Equatable {
        case idle, header, body, handler, linger, write, stream
    }

    /// The next deadline and what happens when it passes.
    struct Deadline: Equatable {
        var kind: DeadlineKind
        /// Monotonic nanoseconds.
        var at: UInt64
    }

    private enum State {
        /// Waiting for or parsing a request.
        case reading
        /// A handler is working on a request; reads are suspended lazily. `field` is what its
        /// response says about the connection unless the server is shutting down.
        case handling(field: ConnectionField)
        /// A streamed body is being written; `producing` while its producer works on the next
        /// piece. Reads stay suspended: a pipelined request waits for the body's end.
        case streaming(field: ConnectionField, chunked: Bool, producing: Bool)
        /// A pushed body (`HTTPResponse.push`) is open: written whenever the application sends,
        /// ended by it, by the client or by shutdown. Input is read only to see the client go.
        case pushing(chunked: Bool)
        /// The last response is being written; then the write side closes.
        case closing
        /// Write side shut; unread input is drained for a bounded time (lingering close).
        case lingering(drainedBytes: Int)
        case closed
    }

    private let settings: Settings
    private var state = State.reading
    private var parser: HTTPRequestParser
    private var requestsStarted = 0
    /// Identifies the request in flight; bumped whenever its answer must no longer be written.
    private var ticket: UInt64 = 0
    /// Unsent response bytes, as of the last write outcome.
    private var pendingOutput = 0
    /// A write was asked for while framing requests, which resume whatever its outcome.
    private var framingAfterWrite = false
    private var readDeadline = Deadline(kind: .idle, at: .max)
    private var writeDeadline = UInt64.max
    /// When the blocked output must be gone, fixed when it first blocked (`minTransferRate`).
    private var writeFinalDeadline = UInt64.max
    private var idleSince: UInt64
    private var lastReadAt: UInt64
    private var headStartedAt: UInt64?
    /// When the body being read must be whole (`HTTPServerConfiguration.minTransferRate`).
    private var bodyDeadline = UInt64.max
    /// Bytes of the shared body budget the request being read or handled holds.
    private var reservedBodyBytes = 0
    /// The request being handled is a HEAD: a streamed answer's body is not produced.
    private var handlingHead = false
    /// The request being handled is HTTP/1.0: no chunks, a streamed body ends with the close.
    private var handlingHTTP10 = false
    /// When a streamed body must be whole (`HTTPServerConfiguration.streamTimeout`).
    private var streamDeadline = UInt64.max
    /// A pushed body's quiet period before a heartbeat, and when the next one is due.
    private var heartbeatEvery = UInt64.max
    private var nextHeartbeat = UInt64.max
    /// Bytes a client sent on a pushed connection, read only to be dropped.
    private var discardedBytes = 0

    /// A connection accepted at `now`.
    init(settings: Settings, now: UInt64) {
        self.settings = settings
        parser = HTTPRequestParser(limits: settings.limits)
        idleSince = now
        lastReadAt = now
    }

    /// Whether a readable socket should be read; if not, reading stops until an action resumes
    /// it. Reads stop lazily this way while a handler works, so a quiet client costs no
    /// suspend/resume pair per request.
    var wantsInput: Bool {
        switch state {
        case .reading, .lingering, .pushing: true
        case .handling, .streaming, .closing, .closed: false
        }
    }

    /// The method of the request being read, once its request line is: a refusal answers it.
    var methodBeingRead: HTTPMethod? { parser.currentMethod }

    /// The header fields of the request being read, once its header section is.
    var headersBeingRead: HTTPHeaders? { parser.currentHeaders }

    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// The earliest armed deadline, nil when none is.
    var nextDeadline: Deadline? {
        if streamDeadline != .max && streamDeadline <= min(writeDeadline, readDeadline.at) {
            return Deadline(kind: .stream, at: streamDeadline)
        }
        if writeDeadline != .max && writeDeadline <= readDeadline.at { return Deadline(kind: .write, at: writeDeadline) }
        return readDeadline.at == .max ? nil : readDeadline
    }

    /// Takes one event at monotonic time `now`. `shuttingDown` is the server's flag as of now,
    /// not only what `.shutdown` said: the server sets it before its loops hear of the shutdown,
    /// and a response written in between must already say `close`.
    mutating func handle(_ event: Event, now: UInt64, shuttingDown: Bool) -> Action {
        switch event {
        case .opened(let refusal):
            if let refusal { return refuse(refusal) }
            setReadDeadline(.idle, at: idleSince &+ settings.idleTimeout)
            return .read
        case .bytesRead(let bytes):
            return bytesRead(bytes, now: now)
        case .endOfFile:
            return endOfFile()
        case .readFailed, .writeFailed, .abort:
            return close()
        case .responseReady(let response, let answered):
            guard case .handling(let field) = state, answered == ticket else { return .none }
            return respond(response, field: field, now: now, shuttingDown: shuttingDown)
        case .bodyProduced(let bytes, let last):
            return bodyProduced(bytes, last: last, now: now, shuttingDown: shuttingDown)
        case .bodyFailed:
            return bodyFailed()
        case .pushWoken:
            guard case .pushing = state else { return .none }
            return .writePushed
        case .pushFinished:
            guard case .pushing = state else { return .none }
            state = .closing
            return .flush
        case .pushWritten:
            guard case .pushing = state else { return .none }
            nextHeartbeat = now.addingSaturated(heartbeatEvery)
            return .flush
        case .writable:
            switch state {
            case .reading, .handling, .streaming, .pushing, .closing: return .flush
            case .lingering, .closed: return .none
            }
        case .writeDrained:
            return writeDrained(now: now, shuttingDown: shuttingDown)
        case .writeBlocked(let pending, let progressed):
            return writeBlocked(pending: pending, progressed: progressed, now: now)
        case .tick:
            return deadlinesPassed(now: now)
        case .shutdown:
            return shutdownBegan(now: now)
        }
    }
}

// MARK: reading

extension ConnectionStateMachine {
    private mutating func bytesRead(_ bytes: UnsafeRawBufferPointer, now: UInt64) -> Action {
        switch state {
        case .reading:
            parser.feed(bytes)
            lastReadAt = now
            return frame(now: now)
        case .handling, .streaming:
            // Not asked for (see `wantsInput`), but kept: it is the next pipelined request.
            parser.feed(bytes)
            lastReadAt = now
            return .stopReading
        case .pushing:
            // Nothing is expected: a client that keeps sending is closed once past the linger
            // allowance, so reading to see it go costs no buffer.
            discardedBytes += bytes.count
            return discardedBytes > settings.lingerMaxBytes ? close() : .none
        case .lingering(let drained):
            let total = drained + bytes.count
            if total > settings.lingerMaxBytes { return close() }
            state = .lingering(drainedBytes: total)
            return .none
        case .closing:
            return .stopReading
        case .closed:
            return .none
        }
    }

    private mutating func endOfFile() -> Action {
        switch state {
        case .reading:
            // The client is done sending; whatever it owes us will not come.
            if pendingOutput > 0 {
                state = .closing
                return .stopReading
            }
            return close()
        case .lingering, .pushing:
            return close()
        case .handling, .streaming, .closing:
            // Not read in these states; the end of the stream is seen again once reading resumes.
            return .stopReading
        case .closed:
            return .none
        }
    }

    /// Frames buffered requests until one is dispatched, a write is due or more bytes are needed.
    private mutating func frame(now: UInt64) -> Action {
        while case .reading = state {
            if pendingOutput > settings.outputHighWaterBytes { return .stopReading }
            switch parser.next() {
            case .needMore:
                armReadDeadline()
                return .read
            case .head(let head):
                headStartedAt = nil
                if let refusal = beginBody(head.framing, now: now) { return refuse(refusal) }
                if head.expectsContinue && parser.bufferedByteCount == 0 {
                    framingAfterWrite = true
                    return .writeContinue
                }
            case .complete(let request):
                return dispatch(request, now: now)
            case .failure(let error):
                return refuse(error)
            }
        }
        return .none
    }

    private mutating func armReadDeadline() {
        switch parser.phase {
        case .idle where pendingOutput > 0:
            // Still writing the last response: the write deadline governs, idleness starts
            // when the output is gone (see `writeDrained`).
            setReadDeadline(.idle, at: .max)
        case .idle:
            setReadDeadline(.idle, at: idleSince &+ settings.idleTimeout)
        case .head:
            let started = headStartedAt ?? lastReadAt
            headStartedAt = started
            setReadDeadline(.header, at: started &+ settings.headerTimeout)
        case .body:
            setReadDeadline(.body, at: min(lastReadAt.addingSaturated(settings.bodyTimeout), bodyDeadline))
        }
    }

    /// A body follows a header section: its deadline is fixed now, and one larger than the
    /// unreserved size takes its length from the shared budget first, or is refused (503).
    private mutating func beginBody(_ framing: HTTPRequestHead.Framing, now: UInt64) -> HTTPParseError? {
        let length: Int
        switch framing {
        case .none: return nil
        case .length(let declared): length = declared
        case .chunked: length = settings.limits.maxBodyBytes
        }
        bodyDeadline = settings.minTransferRate == 0
            ? .max : now.addingSaturated(settings.bodyTimeout).addingSaturated(settings.transferTime(of: length))
        releaseBody()
        guard length > settings.unreservedBodyBytes else { return nil }
        guard settings.bodyBudget.reserve(length) else { return HTTPParseError(.bodyMemoryBusy) }
        reservedBodyBytes = length
        return nil
    }

    /// Counts the connection's unsent output in the server's output budget.
    private mutating func setPendingOutput(_ pending: Int) {
        let delta = pending - pendingOutput
        if delta != 0 { settings.outputBudget.adjust(by: delta) }
        pendingOutput = pending
    }

    /// Gives the request's body reservation back: its response is written or it never will be.
    private mutating func releaseBody() {
        guard reservedBodyBytes > 0 else { return }
        settings.bodyBudget.release(reservedBodyBytes)
        reservedBodyBytes = 0
    }

    // MARK: handling

    private mutating func dispatch(_ request: HTTPRequest, now: UInt64) -> Action {
        headStartedAt = nil
        requestsStarted += 1
        let keepAlive = request.keepAlive && requestsStarted < settings.maxRequestsPerConnection
        state = .handling(field: keepAlive ? (request.version == .http1_0 ? .keepAlive : .none) : .close)
        handlingHead = request.method == .head
        handlingHTTP10 = request.version == .http1_0
        ticket &+= 1
        setReadDeadline(.handler, at: now &+ settings.handlerTimeout)
        return .dispatch(request, ticket: ticket)
    }

    private mutating func respond(_ response: HTTPResponse, field: ConnectionField, now: UInt64, shuttingDown: Bool) -> Action {
        clearReadDeadline()
        releaseBody()
        bodyDeadline = .max
        // While unsent output is over its budget (clients that do not read), a large answer is
        // not queued at all: a short 503 tells the client to come back.
        if response.body.count > settings.outputHighWaterBytes && settings.outputBudget.isOver {
            return refuse(HTTPParseError(.outputMemoryBusy))
        }
        // A HEAD gets a pushed or streamed answer's head alone, as a fixed response.
        if let push = response.push, !handlingHead {
            return beginPush(response, channel: push, now: now)
        }
        if response.stream != nil && !handlingHead {
            return beginStream(response, field: field, now: now, shuttingDown: shuttingDown)
        }
        if field == .close || shuttingDown {
            state = .closing
            framingAfterWrite = false
            return .write(response, connection: .close)
        }
        state = .reading
        idleSince = now
        framingAfterWrite = true
        return .write(response, connection: field)
    }

    /// A streamed body is as large as it turns out to be: while output is over its budget it is
    /// refused like any large answer. HTTP/1.0 has no chunks, so the close ends its body.
    private mutating func beginStream(_ response: HTTPResponse, field: ConnectionField, now: UInt64, shuttingDown: Bool) -> Action {
        if settings.outputBudget.isOver { return refuse(HTTPParseError(.outputMemoryBusy)) }
        let chunked = !handlingHTTP10
        let connection: ConnectionField = chunked && !shuttingDown ? field : .close
        state = .streaming(field: connection, chunked: chunked, producing: false)
        framingAfterWrite = false
        streamDeadline = now.addingSaturated(settings.streamTimeout)
        return .beginStream(response, connection: connection, chunked: chunked)
    }

    /// A pushed body ends with the connection (`Connection: close`), which is read from now on
    /// only to see the client go: the parser and its buffer are dropped, so an idle stream holds
    /// no read memory.
    private mutating func beginPush(_ response: HTTPResponse, channel: HTTPPushChannel, now: UInt64) -> Action {
        let chunked = !handlingHTTP10
        state = .pushing(chunked: chunked)
        framingAfterWrite = false
        parser = HTTPRequestParser(limits: settings.limits)
        discardedBytes = 0
        heartbeatEvery = max(1_000_000, channel.heartbeatInterval.nanoseconds)
        nextHeartbeat = now.addingSaturated(heartbeatEvery)
        return .beginPush(response, chunked: chunked)
    }

    /// The producer is asked for more only while the unsent output is below the high-water
    /// mark, so a slow reader holds at most that much plus one piece.
    private mutating func produceIfRoom() -> Action {
        guard case .streaming(let field, let chunked, false) = state, pendingOutput < settings.outputHighWaterBytes else { return .none }
        state = .streaming(field: field, chunked: chunked, producing: true)
        return .produce
    }

    private mutating func bodyProduced(_ bytes: [UInt8], last: Bool, now: UInt64, shuttingDown: Bool) -> Action {
        guard case .streaming(let field, let chunked, true) = state else { return .none }
        guard last else {
            state = .streaming(field: field, chunked: chunked, producing: false)
            // An empty piece is no chunk (it would end the body): ask again.
            return bytes.isEmpty ? produceIfRoom() : .writeBody(bytes, chunked: chunked, last: false)
        }
        streamDeadline = .max
        if field == .close || shuttingDown {
            state = .closing
        } else {
            state = .reading
            idleSince = now
            framingAfterWrite = true
        }
        return .writeBody(bytes, chunked: chunked, last: true)
    }

    /// What was queued still goes, then the connection closes without ending the body.
    private mutating func bodyFailed() -> Action {
        guard case .streaming = state else { return .none }
        state = .closing
        streamDeadline = .max
        return .flush
    }

    /// Answers a broken or timed-out request with the error responder's response, then closes.
    private mutating func refuse(_ error: HTTPParseError) -> Action {
        switch state {
        case .reading, .handling: break
        case .streaming, .pushing, .closing, .lingering, .closed: return .none
        }
        ticket &+= 1
        state = .closing
        framingAfterWrite = false
        clearReadDeadline()
        releaseBody()
        return .refuse(error)
    }

    // MARK: writing

    private mutating func writeDrained(now: UInt64, shuttingDown: Bool) -> Action {
        setPendingOutput(0)
        writeDeadline = .max
        writeFinalDeadline = .max
        framingAfterWrite = false
        switch state {
        case .reading:
            idleSince = now
            if shuttingDown && parser.phase == .idle { return close() }
            return frame(now: now)
        case .closing:
            return beginLingeringClose(now: now, shuttingDown: shuttingDown)
        case .streaming:
            return produceIfRoom()
        case .handling, .pushing, .lingering, .closed:
            return .none
        }
    }

    private mutating func writeBlocked(pending: Int, progressed: Bool, now: UInt64) -> Action {
        setPendingOutput(pending)
        // Memory is short and this client is among those that do not read: it goes first.
        if pending > settings.outputHighWaterBytes && settings.outputBudget.isOver { return close() }
        // Two rules: no progress for the write timeout (a client that reads nothing), and, with a
        // rate rule, the whole output gone by a deadline fixed when it first blocked, which reads
        // trickled a byte at a time cannot push back.
        if writeFinalDeadline == .max && settings.minTransferRate > 0 {
            writeFinalDeadline = now.addingSaturated(settings.writeTimeout).addingSaturated(settings.transferTime(of: pending))
        }
        let stalled = progressed || writeDeadline == .max ? now.addingSaturated(settings.writeTimeout) : writeDeadline
        writeDeadline = min(stalled, writeFinalDeadline)
        let resume = framingAfterWrite
        framingAfterWrite = false
        if resume, case .reading = state { return frame(now: now) }
        if case .streaming = state { return produceIfRoom() }
        return .none
    }

    /// Shuts the write side and drains input for a while, so our last response is not destroyed
    /// by a TCP reset when the client is still sending (RFC 9112 §9.6).
    private mutating func beginLingeringClose(now: UInt64, shuttingDown: Bool) -> Action {
        state = .lingering(drainedBytes: 0)
        setReadDeadline(.linger, at: now &+ lingerPeriod(shuttingDown: shuttingDown))
        return .linger
    }

    /// While shutting down, a client that keeps the socket open gets a short linger only.
    private func lingerPeriod(shuttingDown: Bool) -> UInt64 {
        shuttingDown ? min(settings.lingerTimeout, 250_000_000) : settings.lingerTimeout
    }

    // MARK: deadlines and endings

    private mutating func deadlinesPassed(now: UInt64) -> Action {
        if case .closed = state { return .none }
        if writeDeadline <= now || streamDeadline <= now { return close() }
        if case .pushing = state, nextHeartbeat <= now {
            nextHeartbeat = now.addingSaturated(heartbeatEvery)
            return .writeHeartbeat
        }
        guard readDeadline.at <= now else { return .none }
        switch readDeadline.kind {
        case .idle:
            if pendingOutput == 0 { return close() }
            clearReadDeadline()
            return .none
        case .header: return refuse(HTTPParseError(.headerTimeout))
        case .body: return refuse(HTTPParseError(.bodyTimeout))
        case .handler: return refuse(HTTPParseError(.handlerTimeout))
        case .linger, .write, .stream: return close()
        }
    }

    private mutating func shutdownBegan(now: UInt64) -> Action {
        switch state {
        case .reading where parser.phase == .idle && pendingOutput == 0:
            return close()
        case .lingering:
            readDeadline.at = min(readDeadline.at, now &+ lingerPeriod(shuttingDown: true))
            return .none
        case .pushing:
            state = .closing
            return .endPush
        default:
            return .none
        }
    }

    private mutating func close() -> Action {
        if case .closed = state { return .none }
        state = .closed
        ticket &+= 1
        framingAfterWrite = false
        releaseBody()
        setPendingOutput(0)
        readDeadline.at = .max
        writeDeadline = .max
        writeFinalDeadline = .max
        streamDeadline = .max
        return .close
    }

    private mutating func setReadDeadline(_ kind: DeadlineKind, at deadline: UInt64) {
        readDeadline = Deadline(kind: kind, at: deadline)
    }

    private mutating func clearReadDeadline() {
        readDeadline.at = .max
    }
}
