import Dispatch

/// One serial queue that owns a set of connections: their sockets, parsers and deadlines.
///
/// Everything a connection does happens on its loop's queue, so connection state needs no locks.
final class EventLoop: @unchecked Sendable {
    let index: Int
    let queue: DispatchQueue
    let context: ServerContext
    /// Scratch space every read on this loop goes through before the parser copies it.
    let readBuffer: UnsafeMutableRawBufferPointer
    private(set) var date: [UInt8] = []
    private var dateSecond = -1
    private var requestSequence: UInt64 = 0
    private var connections: [ObjectIdentifier: Connection] = [:]
    private var timer: DispatchSourceTimer?

    init(index: Int, context: ServerContext) {
        self.index = index
        self.context = context
        queue = DispatchQueue(label: "viperd.loop.\(index)")
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        refreshDate()
    }

    deinit { readBuffer.deallocate() }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = context.tickInterval
        timer.schedule(deadline: .now() + .nanoseconds(Int(interval.nanoseconds)), repeating: .nanoseconds(Int(interval.nanoseconds)), leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        queue.async {
            self.timer?.cancel()
            self.timer = nil
        }
    }

    /// Takes ownership of an accepted socket.
    func adopt(fd: Int32, remoteAddress: String, refusal: HTTPParseError?, countsAgainstAddress: Bool) {
        let connection = Connection(fd: fd, remoteAddress: remoteAddress, loop: self, context: context)
        connections[ObjectIdentifier(connection)] = connection
        connection.start(refusal: refusal, countsAgainstAddress: countsAgainstAddress)
    }

    func forget(_ connection: Connection) {
        connections[ObjectIdentifier(connection)] = nil
    }

    func nextRequestID() -> String {
        requestSequence &+= 1
        return RequestID.make(loop: index, sequence: requestSequence)
    }

    /// Graceful shutdown: idle connections close now, busy ones after their response.
    func beginShutdown() {
        for connection in Array(connections.values) { connection.shutdownRequested() }
    }

    /// End of the drain period: whatever is still open is cut.
    func closeAll() {
        for connection in Array(connections.values) { connection.abort() }
    }

    private func tick() {
        refreshDate()
        let now = MonotonicClock.now()
        for connection in Array(connections.values) { connection.checkDeadlines(now: now) }
    }

    private func refreshDate() {
        let second = HTTPDate.nowSeconds()
        guard second != dateSecond else { return }
        dateSecond = second
        date = Array(HTTPDate.format(secondsSince1970: second).utf8)
    }
}
