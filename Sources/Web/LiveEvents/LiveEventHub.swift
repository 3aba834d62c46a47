import Domain
import Foundation
import HTTPServer
import Logging
import Presentation
import Synchronization

/// Every open live-event stream of this instance, by user, and their delivery.
///
/// A stream is an `HTTPPushChannel`: it waits on its connection's event loop and holds no thread.
/// When a user's outbox may have grown (`outboxGrew`: after a commit here, or a notification from
/// another instance), one delivery job per user runs on the hub's own small queue: it checks the
/// sessions of the user's streams (a revoked or ended one gets `session.ended` and closes), reads
/// each stream's events after its last position (`LiveEventsReadUseCase`), presents them in the
/// stream's language (`LiveEventPresenter`) and sends them. Jobs of one user never overlap, and
/// a wake-up during a job runs it again, so events go out once and in order.
public final class LiveEventHub: Sendable {
    private struct Stream {
        let channel: HTTPPushChannel
        let sessionKey: String
        var sessionExpiresAt: Date
        let messages: Messages
        /// The last position sent (at first the one it resumes after); nil: from the newest.
        var position: Int64?
        /// The `ready` frame went out: the stream has caught up once.
        var ready = false
    }

    private struct UserStreams {
        var streams: [Int: Stream] = [:]
        /// A delivery job is running for the user.
        var delivering = false
        /// Woken while delivering: run again.
        var wokenAgain = false
    }

    private struct State {
        var users: [UserID: UserStreams] = [:]
        var count = 0
        var nextID = 0
    }

    /// What opening a stream comes to.
    enum Admission {
        case opened(HTTPPushChannel)
        case userAtCapacity(limit: Int)
        case serverAtCapacity
    }

    private let gateway: any EntityGateway
    private let clock: any Clock
    private let policy: LiveEventPolicy
    private let logger: Logger
    private let state = Mutex(State())
    private let queue: OperationQueue
    /// The session sweep's generation: bumped to stop it (`stopSessionSweep`).
    private let sweepGeneration = Atomic<Int>(0)

    /// A hub reading from `gateway`, with the caps and backlog of `policy`.
    public init(gateway: any EntityGateway, clock: any Clock, policy: LiveEventPolicy, logger: Logger) {
        self.gateway = gateway
        self.clock = clock
        self.policy = policy
        self.logger = logger
        let queue = OperationQueue()
        queue.name = "viperd-live-events"
        // Deliveries read storage; two at once keep fan-out going without crowding the workers.
        queue.maxConcurrentOperationCount = 2
        self.queue = queue
    }

    /// Open streams on this instance.
    public var openStreamCount: Int { state.withLock { $0.count } }

    /// Some of `users`' outboxes may hold new events, or their sessions may have ended. Cheap:
    /// it runs on the committing thread (`OutboxSignal`) and only schedules work.
    public func outboxGrew(_ users: [UserID]) {
        var start: [UserID] = []
        state.withLock { state in
            for user in users {
                guard var entry = state.users[user] else { continue }
                if entry.delivering {
                    entry.wokenAgain = true
                } else {
                    entry.delivering = true
                    start.append(user)
                }
                state.users[user] = entry
            }
        }
        for user in start { schedule(user) }
    }

    /// Any outbox may have grown unseen (a listener lost its connection): every stream re-reads.
    public func resync() {
        outboxGrew(state.withLock { Array($0.users.keys) })
    }

    /// Registers a stream for `stream`'s user unless a cap is reached; it starts with its
    /// `retry` hint, then (on the hub's queue) its replay or its `ready` frame.
    func open(_ stream: EventStreamViewModel) -> Admission {
        let user = stream.subscription.userID
        var admission = Admission.serverAtCapacity
        var startNow = false
        let id = state.withLock { state -> Int? in
            guard state.count < policy.streamsInAll else { return nil }
            var entry = state.users[user] ?? UserStreams()
            guard entry.streams.count < policy.streamsPerUser else {
                admission = .userAtCapacity(limit: policy.streamsPerUser)
                return nil
            }
            state.nextID += 1
            let id = state.nextID
            let channel = HTTPPushChannel(
                heartbeat: EventStreamFrames.heartbeat, heartbeatInterval: .seconds(15), farewell: EventStreamFrames.farewell,
                backlogLimit: policy.backlogBytes
            ) { [weak self] ending in self?.closed(id, of: user, ending: ending) }
            entry.streams[id] = Stream(
                channel: channel, sessionKey: stream.subscription.sessionKey, sessionExpiresAt: stream.subscription.sessionExpiresAt,
                messages: Messages(stream.language), position: stream.resumeAfter)
            if entry.delivering {
                entry.wokenAgain = true
            } else {
                entry.delivering = true
                startNow = true
            }
            state.users[user] = entry
            state.count += 1
            admission = .opened(channel)
            return id
        }
        guard id != nil, case .opened(let channel) = admission else { return admission }
        channel.send(EventStreamFrames.opening)
        if startNow { schedule(user) }
        return admission
    }

    /// Starts checking, once a second, the streams whose session has run out
    /// (`checkExpiredSessions`); revocations need no sweep, they wake the hub.
    public func startSessionSweep() {
        let generation = sweepGeneration.add(1, ordering: .relaxed).newValue
        let thread = Thread { [self] in
            while sweepGeneration.load(ordering: .relaxed) == generation {
                Thread.sleep(forTimeInterval: 1)
                guard sweepGeneration.load(ordering: .relaxed) == generation else { return }
                checkExpiredSessions()
            }
        }
        thread.name = "viperd-stream-sessions"
        thread.start()
    }

    /// Stops the sweep within a second.
    public func stopSessionSweep() {
        sweepGeneration.add(1, ordering: .relaxed)
    }

    /// Streams whose session has run out by now are checked at once (a session that was used
    /// meanwhile lives on: its new end is kept).
    public func checkExpiredSessions() {
        let now = clock.now()
        let due = state.withLock { state in
            state.users.compactMap { user, entry in entry.streams.values.contains { $0.sessionExpiresAt <= now } ? user : nil }
        }
        outboxGrew(due)
    }

    private func closed(_ id: Int, of user: UserID, ending: HTTPPushChannel.Ending) {
        state.withLock { state in
            guard var entry = state.users[user], entry.streams.removeValue(forKey: id) != nil else { return }
            state.count -= 1
            state.users[user] = entry.streams.isEmpty && !entry.delivering ? nil : entry
        }
        if ending == .backlogExceeded {
            logger.info("live stream cut: its client stopped reading", metadata: ["user_id": "\(user.rawValue)"])
        }
    }

    private func schedule(_ user: UserID) {
        queue.addOperation { [self] in deliver(to: user) }
    }

    /// The user's delivery job: runs until no wake-up came in meanwhile.
    private func deliver(to user: UserID) {
        while true {
            let streams = state.withLock { state -> [(Int, Stream)] in
                state.users[user]?.wokenAgain = false
                return state.users[user].map { Array($0.streams) } ?? []
            }
            let sessionEnds = checkSessions(of: streams.map(\.1))
            var more = false
            for (id, stream) in streams {
                guard !stream.channel.isEnded else { continue }
                if let ends = sessionEnds[stream.sessionKey] {
                    guard let ends else {
                        stream.channel.finish(
                            EventStreamFrames.frame(id: nil, event: "session.ended", data: StreamEndData(detail: stream.messages.text(.liveSessionEnded))))
                        continue
                    }
                    update(id, of: user) { $0.sessionExpiresAt = ends }
                }
                guard let sent = send(to: stream, of: user) else { continue }
                more = more || sent.full
                update(id, of: user) { state in
                    state.position = sent.position
                    state.ready = state.ready || sent.ready
                }
            }
            let again = state.withLock { state -> Bool in
                guard var entry = state.users[user] else { return false }
                if entry.wokenAgain || more {
                    entry.wokenAgain = false
                    state.users[user] = entry
                    return true
                }
                entry.delivering = false
                state.users[user] = entry.streams.isEmpty ? nil : entry
                return false
            }
            if !again { return }
        }
    }

    /// When each distinct session of `streams` ends; nil inside: revoked or ended (the key is
    /// missing when storage did not answer: those streams wait for the next wake-up).
    private func checkSessions(of streams: [Stream]) -> [String: Date?] {
        var ends: [String: Date?] = [:]
        let now = clock.now()
        for key in Set(streams.map(\.sessionKey)) {
            do {
                ends[key] = .some(try gateway.sessions.sessionActiveUntil(key: key, at: now))
            } catch {
                logger.warning("live streams: cannot check a session: \(error)")
            }
        }
        return ends
    }

    /// Sends `stream` what it has not had: its replay (or a `reset`) and, once caught up the
    /// first time, `ready`; then its next events. Returns its new position, whether `ready` went
    /// out, and whether a full batch was read (more may wait); nil when storage did not answer.
    private func send(to stream: Stream, of user: UserID) -> (position: Int64, ready: Bool, full: Bool)? {
        let delivery = StreamDelivery()
        let presenter = LiveEventPresenter(output: delivery, messages: stream.messages)
        let useCase = LiveEventsReadUseCase(gateway: gateway, owner: user, batchSize: policy.batchSize)
        var last: Int64
        if let position = stream.position {
            useCase.eventRead(after: position, output: presenter)
            last = position
        } else {
            useCase.eventCurrentPosition(output: presenter)
            last = delivery.position ?? 0
        }
        if delivery.failed { return nil }
        var bytes: [UInt8] = []
        if let reset = delivery.reset {
            bytes += EventStreamFrames.frame(id: reset.position, event: "reset", data: reset)
            last = reset.position
        }
        for event in delivery.events {
            bytes += EventStreamFrames.frame(id: event.position, event: event.type, data: event)
            last = event.position
        }
        let full = delivery.events.count >= policy.batchSize
        let ready = !stream.ready && !full
        if ready { bytes += EventStreamFrames.frame(id: last, event: "ready", data: StreamPositionData(position: last)) }
        if !bytes.isEmpty { stream.channel.send(bytes) }
        return (last, ready, full)
    }

    private func update(_ id: Int, of user: UserID, _ change: (inout Stream) -> Void) {
        state.withLock { state in
            guard var stream = state.users[user]?.streams[id] else { return }
            change(&stream)
            state.users[user]?.streams[id] = stream
        }
    }
}

/// Collects what the presenter shows for one stream's read.
private final class StreamDelivery: LiveEventPresenterOutput {
    var events: [LiveEventViewModel] = []
    var reset: LiveEventResetViewModel?
    var position: Int64?
    var failed = false

    func showEvents(_ events: [LiveEventViewModel]) { self.events = events }
    func showReset(_ reset: LiveEventResetViewModel) { self.reset = reset }
    func showPosition(_ position: Int64) { self.position = position }
    func showStorageTrouble() { failed = true }
}
