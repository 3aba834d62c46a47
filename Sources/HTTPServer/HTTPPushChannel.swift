import Synchronization

/// A response body the application pushes when it has something to say, for as long as it
/// likes (server-sent events), instead of one made whole or pulled piece by piece.
///
/// An open channel holds no thread: the connection waits on its event loop, and `send` from any
/// thread queues bytes and wakes that loop. What the client has not yet read is bounded: past
/// `backlogLimit` unsent bytes the connection is cut (`Ending.backlogExceeded`), so a client
/// that stops reading costs at most that much. The connection also writes `heartbeat` every
/// `heartbeatInterval` of quiet (so proxies and clients see a live stream), and `farewell` last
/// when the server shuts down.
///
/// A pushed connection leaves the server's connection counts (`maxConnections`, the
/// per-address cap) once its head is written: the application caps streams itself.
public final class HTTPPushChannel: Sendable {
    /// Why a channel ended; `onEnd` hears it exactly once.
    public enum Ending: Sendable, Equatable {
        /// The application called `finish`, and what it queued was handed to the socket.
        case finished
        /// The client went away, or the write stalled past the server's write timeout.
        case clientGone
        /// More than `backlogLimit` bytes waited for the client.
        case backlogExceeded
        /// The server shut down (after `farewell`).
        case shutdown
        /// The response never began its body (a HEAD, a refused or late answer).
        case notSent
    }

    private struct State {
        var queued: [UInt8] = []
        var finishing = false
        var ended = false
        /// Set once the connection has begun the body: wakes its loop to take `queued`.
        var wake: (@Sendable () -> Void)?
        var wakePending = false

        /// The wake-up to call now, unless one is already on its way or there is no connection yet.
        mutating func takeWake() -> (@Sendable () -> Void)? {
            guard let wake, !wakePending else { return nil }
            wakePending = true
            return wake
        }
    }

    /// Written whenever the stream has been quiet for `heartbeatInterval`.
    public let heartbeat: [UInt8]
    public let heartbeatInterval: Duration
    /// Written last when the server shuts down.
    public let farewell: [UInt8]
    /// Most unsent bytes (queued here and in the connection's output) before the client is cut.
    public let backlogLimit: Int
    private let onEnd: @Sendable (Ending) -> Void
    private let state = Mutex(State())

    /// A channel whose end `onEnd` hears, once, on the connection's loop or the caller of
    /// `send`: it must only hand work over, never block.
    public init(
        heartbeat: [UInt8], heartbeatInterval: Duration, farewell: [UInt8], backlogLimit: Int, onEnd: @escaping @Sendable (Ending) -> Void
    ) {
        self.heartbeat = heartbeat
        self.heartbeatInterval = heartbeatInterval
        self.farewell = farewell
        self.backlogLimit = max(1, backlogLimit)
        self.onEnd = onEnd
    }

    /// Queues `bytes` as the body's next piece; false when the channel has ended (nothing is
    /// queued then). Callable from any thread, before or after the response is returned.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return !isEnded }
        var overflowed = false
        var accepted = false
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.ended, !state.finishing else { return nil }
            accepted = true
            state.queued.append(contentsOf: bytes)
            if state.queued.count > backlogLimit {
                state.ended = true
                state.queued = []
                overflowed = true
            }
            return state.takeWake()
        }
        if overflowed {
            // The connection, woken below, sees the channel ended and closes.
            wake?()
            onEnd(.backlogExceeded)
            return false
        }
        wake?()
        return accepted
    }

    /// Ends the body after what is queued and `last`. Callable from any thread, once.
    public func finish(_ last: [UInt8] = []) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.ended, !state.finishing else { return nil }
            state.queued.append(contentsOf: last)
            state.finishing = true
            return state.takeWake()
        }
        wake?()
    }

    /// Whether the channel has ended (nothing sent on it goes anywhere).
    public var isEnded: Bool { state.withLock { $0.ended } }

    // MARK: the connection's side

    /// The connection began the body; `wake` brings it back to take what is queued.
    func attach(wake: @escaping @Sendable () -> Void) {
        let call = state.withLock { state -> (@Sendable () -> Void)? in
            state.wake = wake
            return state.queued.isEmpty && !state.finishing && !state.ended ? nil : state.takeWake()
        }
        call?()
    }

    /// What the connection takes on waking: the queued bytes, and whether the body ends after
    /// them (`finishing`) or the channel already ended (`ended`: close without writing).
    func take() -> (bytes: [UInt8], finishing: Bool, ended: Bool) {
        state.withLock { state in
            state.wakePending = false
            let bytes = state.queued
            state.queued = []
            return (bytes, state.finishing, state.ended)
        }
    }

    /// Ends the channel for `reason` unless it already ended; `onEnd` hears the first ending only.
    func end(_ reason: Ending) {
        let first = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            state.ended = true
            state.queued = []
            state.wake = nil
            return true
        }
        if first { onEnd(reason) }
    }
}
