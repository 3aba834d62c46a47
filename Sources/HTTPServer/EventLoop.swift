import Foundation
import Logging

import CLinuxEvents
#if canImport(Glibc)
import Glibc
#endif

/// One thread that owns a set of connections: their sockets, parsers and deadlines.
///
/// Everything a connection does happens on its loop's thread, so connection state needs no locks;
/// other threads (workers with a response, the acceptor, shutdown) hand work over with `execute`.
///
/// Sockets are watched with one edge-triggered epoll registration each, made once. Dispatch read
/// sources were dropped here: on Linux every event re-arms its source through Dispatch's manager
/// thread (an eventfd write, a context switch and two `epoll_ctl` per request, 16 % of a core in
/// the profile of `GET /v1/contacts/{id}`, see docs/PERFORMANCE.md).
final class EventLoop: @unchecked Sendable {
    let index: Int
    let context: ServerContext
    /// Scratch space every read on this loop goes through before the parser copies it.
    let readBuffer: UnsafeMutableRawBufferPointer
    private(set) var date: [UInt8] = []
    private var dateSecond = -1
    private var requestSequence: UInt64 = 0
    private var connections: [Int32: Connection] = [:]
    /// Connections that want input while their socket may still hold some: read on this pass.
    private var readAgain: [Connection] = []
    /// Work the loop gave itself (see `later`), run on this pass after the events.
    private var laterJobs: [() -> Void] = []
    private var exitRequested = false
    /// Jobs waiting for a moment (see `run(after:_:)`), in no particular order: there are few.
    private var timers: [(deadline: UInt64, job: () -> Void)] = []

    private let epollFD: Int32
    /// Written by `execute` to wake `epoll_wait`; registered level-triggered.
    private let wakeFD: Int32
    private let inboxLock = NSLock()
    // Guarded by `inboxLock`: jobs from other threads, whether a wake-up is already on its way,
    // and whether the descriptors are gone (a late job is then dropped, never written to a reused fd).
    private var inbox: [() -> Void] = []
    /// The loop thread's side of the double buffer `inbox` is swapped with.
    private var draining: [() -> Void] = []
    private var wakePending = false
    private var descriptorsClosed = false

    init(index: Int, context: ServerContext) {
        self.index = index
        self.context = context
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wakeFD
        _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
        refreshDate()
    }

    deinit {
        readBuffer.deallocate()
        closeDescriptors()
    }

    /// Whether the loop's descriptors could be made (the server refuses to start otherwise).
    var isUsable: Bool { epollFD >= 0 && wakeFD >= 0 }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "viperd-loop-\(index)"
        thread.start()
    }

    /// Ends the loop once the jobs queued before this call have run.
    func stop() {
        execute { [self] in exitRequested = true }
    }

    /// Runs `job` on the loop's thread, after the events being handled; callable from any thread.
    func execute(_ job: @escaping () -> Void) {
        inboxLock.lock()
        guard !descriptorsClosed else {
            inboxLock.unlock()
            return
        }
        inbox.append(job)
        // Written under the lock: once `closeDescriptors` has run, the number may already name
        // another file (another server's socket, a database's log), which must never get 8 bytes.
        if !wakePending {
            wakePending = true
            var one: UInt64 = 1
            _ = Glibc.write(wakeFD, &one, 8)
        }
        inboxLock.unlock()
    }

    /// Runs `job` on the loop's thread once `delay` has passed; callable from any thread. Needs no
    /// descriptor of its own, unlike a Dispatch timer (which opens its timerfd lazily): the accept
    /// back-off relies on that when the process is out of descriptors.
    func run(after delay: Duration, _ job: @escaping () -> Void) {
        let deadline = MonotonicClock.now() &+ delay.nanoseconds
        execute { [self] in timers.append((deadline, job)) }
    }

    /// Takes ownership of an accepted socket.
    func adopt(fd: Int32, remoteAddress: String, refusal: HTTPParseError?, addressKey: String?) {
        let connection = Connection(fd: fd, remoteAddress: remoteAddress, loop: self, context: context)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
        event.data.fd = fd
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
            context.logger.error("epoll_ctl: \(Socket.describe(errno: errno)); closing the connection")
            connection.discard(addressKey: addressKey)
            return
        }
        connections[fd] = connection
        connection.start(refusal: refusal, addressKey: addressKey)
    }

    /// Called by a connection as it closes its descriptor.
    func forget(fd: Int32) {
        connections[fd] = nil
    }

    /// Reads `connection` on this pass of the loop, not from inside the event being handled.
    func readSoon(_ connection: Connection) {
        readAgain.append(connection)
    }

    /// Runs `job` on this pass of the loop, after the event being handled returns: from the loop's
    /// own thread only, where a direct call would nest one connection's work inside another's.
    func later(_ job: @escaping () -> Void) {
        laterJobs.append(job)
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

    private func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        let interval = max(1_000_000, context.tickInterval.nanoseconds)
        var nextTick = MonotonicClock.now() &+ interval
        while !exitRequested {
            let now = MonotonicClock.now()
            let wakeAt = timers.reduce(nextTick) { min($0, $1.deadline) }
            let idle = readAgain.isEmpty && laterJobs.isEmpty
            let timeout: Int32 = idle ? Int32(clamping: wakeAt > now ? (wakeAt - now + 999_999) / 1_000_000 : 0) : 0
            let count = epoll_wait(epollFD, events, Int32(capacity), timeout)
            for slot in 0..<Int(max(0, count)) {
                let event = events[slot]
                let fd = event.data.fd
                if fd == wakeFD {
                    var value: UInt64 = 0
                    _ = Glibc.read(wakeFD, &value, 8)
                } else {
                    // A connection closed earlier in this batch is no longer in the table.
                    connections[fd]?.handle(events: event.events)
                }
            }
            runInbox()
            while !laterJobs.isEmpty {
                let jobs = laterJobs
                laterJobs.removeAll(keepingCapacity: true)
                for job in jobs { job() }
            }
            if !readAgain.isEmpty {
                let pending = readAgain
                readAgain.removeAll(keepingCapacity: true)
                for connection in pending { connection.readIfWanted() }
            }
            let after = MonotonicClock.now()
            if !timers.isEmpty { runTimers(now: after) }
            if after >= nextTick {
                tick(now: after)
                nextTick = after &+ interval
            }
        }
        closeDescriptors()
    }

    private func runInbox() {
        inboxLock.lock()
        swap(&inbox, &draining)
        wakePending = false
        inboxLock.unlock()
        for job in draining { job() }
        draining.removeAll(keepingCapacity: true)
    }

    private func runTimers(now: UInt64) {
        var due: [() -> Void] = []
        timers.removeAll { timer in
            guard timer.deadline <= now else { return false }
            due.append(timer.job)
            return true
        }
        for job in due { job() }
    }

    private func closeDescriptors() {
        inboxLock.lock()
        defer { inboxLock.unlock() }
        guard !descriptorsClosed else { return }
        descriptorsClosed = true
        inbox.removeAll()
        if epollFD >= 0 { Glibc.close(epollFD) }
        if wakeFD >= 0 { Glibc.close(wakeFD) }
    }

    private func tick(now: UInt64) {
        refreshDate()
        for connection in Array(connections.values) { connection.checkDeadlines(now: now) }
    }

    private func refreshDate() {
        let second = HTTPDate.nowSeconds()
        guard second != dateSecond else { return }
        dateSecond = second
        date = Array(HTTPDate.format(secondsSince1970: second).utf8)
    }
}
