import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The signed-in user's live events (`GET /v1/events`, Server-Sent Events) as typed messages,
/// across dropped connections: the generated client cannot read `text/event-stream`.
///
///     for try await message in LiveEvents(serverURL: url, authorization: bearer) {
///         switch message {
///         case .event(_, _, let event): refresh(event.accounts, event.transfer, event.message)
///         case .reset: reloadEveryScreen()
///         case .ready, .sessionEnded: break
///         }
///     }
///
/// It sends the session's access token (refreshed on a 401 through the client's own
/// `BearerTokenMiddleware`, so both share one refresh). When the connection drops or the server
/// ends the body (a graceful shutdown), it reconnects with `Last-Event-ID` set to the last id it
/// saw, after the server's `retry` delay, doubling it after each failed attempt up to 30 s
/// (or the server's `Retry-After`), and never yields an event id twice. It ends after
/// `sessionEnded` (the session was signed out, its password changed, or it expired) or when the
/// iterating task is cancelled; it throws a `ViperdProblem` when the server refuses the stream
/// for good (a 401 no refresh cures) and a `DecodingError` on an event it cannot read.
public struct LiveEvents: AsyncSequence, Sendable {
    /// What the stream says, in the order the server sent it.
    public enum Message: Sendable, Hashable {
        /// Caught up: every event up to `position` has been yielded; what follows is live. Comes
        /// after each (re)connection's backlog.
        case ready(position: Int64)
        /// The events since the last id are gone (`reason` `retention`: purged; `unknown`: an id
        /// the server never gave): reload every screen from the REST endpoints, then carry on.
        case reset(reason: Components.Schemas.StreamReset.ReasonPayload, detail: String, position: Int64)
        /// The session ended (`detail` says why, localized): show the sign-in screen. Last message.
        case sessionEnded(detail: String)
        /// One change: its outbox position (`id:`), its type (`event:`) and its `data`: what
        /// happened in a sentence, and the entities it changed as their endpoints show them now.
        case event(id: Int64, type: String, Components.Schemas.LiveEvent)
    }

    /// Where the server is (the generated client's `serverURL`).
    public let serverURL: URL
    /// The client's bearer-token middleware: its tokens and its refresh.
    public let authorization: BearerTokenMiddleware
    /// The `Accept-Language` the events' sentences are written in; nil leaves it to URLSession.
    public let language: String?
    /// Where to resume, as a `.event`, `.ready` or `.reset` position of an earlier stream (an app
    /// that keeps it across launches misses nothing); nil starts with new events only.
    public let lastEventID: Int64?
    private let connections = OpenConnections()

    /// A stream of the signed-in user's events; nothing is sent before iteration begins.
    public init(serverURL: URL, authorization: BearerTokenMiddleware, language: String? = nil, lastEventID: Int64? = nil) {
        self.serverURL = serverURL
        self.authorization = authorization
        self.language = language
        self.lastEventID = lastEventID
    }

    /// Starts reading: each iterator holds its own connection.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: self)
    }

    /// Drops the open connections as a network failure would: each resumes after the retry delay,
    /// from the last id it yielded. For an app whose network path changed (the old connection
    /// would otherwise linger until its timeout), and for tests of the resume.
    public func reconnect() {
        connections.cancelAll()
    }

    /// Reads one connection after another, turning their events into messages.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The server's default reconnection time, until a `retry:` says otherwise.
        private static let defaultRetryMilliseconds = 2_000
        private static let maximumDelay = Duration.seconds(30)
        /// Three heartbeats (every 15 s) missed: the connection is dead even if TCP has not said so.
        private static let idleTimeout: TimeInterval = 45
        /// The most of an error answer's body read (a problem document is far smaller).
        private static let maximumErrorBody = 64 * 1024

        private let events: LiveEvents
        private var lastID: Int64?
        private var retryMilliseconds = defaultRetryMilliseconds
        /// Attempts in a row that did not open a stream; each doubles the next delay.
        private var failures = 0
        /// The token was refreshed after a 401 and no stream opened since: a second 401 is final.
        private var refreshed = false
        /// The access token the open connection presented.
        private var sentToken: String?
        private var delay: Duration?
        private var connection: StreamingRequest?
        private var parts: AsyncThrowingStream<StreamingRequest.Part, any Error>.AsyncIterator?
        private var parser = ServerSentEventParser()
        /// The status of an answer that is not a stream, and the body read of it so far.
        private var refusal: (response: HTTPURLResponse, body: Data)?
        private var pending: [Message] = []
        private var ended = false
        /// Why the sequence ends, thrown once the messages before it have been returned.
        private var failure: (any Error)?
        /// The generated types' dates are `Timestamp`s: RFC 3339 with whole seconds.
        private let decoder: JSONDecoder = {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }()

        init(events: LiveEvents) {
            self.events = events
            lastID = events.lastEventID
        }

        /// The next message; nil once the session ended or the task was cancelled.
        public mutating func next() async throws -> Message? {
            while true {
                if !pending.isEmpty { return pending.removeFirst() }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                if ended || Task.isCancelled {
                    close()
                    return nil
                }
                if parts == nil {
                    if let delay {
                        do { try await Task.sleep(for: delay) } catch { continue }
                    }
                    open()
                }
                do {
                    guard let part = try await parts?.next() else {
                        // The body ended (a graceful shutdown, a proxy's timeout, a cut-off reader).
                        try await connectionEnded()
                        continue
                    }
                    switch part {
                    case .response(let response): received(response)
                    case .bytes(let bytes): try read(bytes)
                    }
                } catch let error as DecodingError {
                    end(throwing: error)
                } catch let problem as ViperdProblem {
                    end(throwing: problem)
                } catch {
                    // The network failed or the connection was dropped: resume later.
                    failed()
                }
            }
        }

        private mutating func open() {
            var request = URLRequest(url: events.serverURL.appending(path: "v1/events"))
            request.timeoutInterval = Self.idleTimeout
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
            sentToken = events.authorization.tokens.token
            if let token = sentToken {
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            }
            if let lastID { request.setValue(String(lastID), forHTTPHeaderField: "Last-Event-ID") }
            if let language = events.language { request.setValue(language, forHTTPHeaderField: "Accept-Language") }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = Self.idleTimeout
            let connection = StreamingRequest(request, configuration: configuration)
            events.connections.insert(connection)
            self.connection = connection
            parts = connection.parts.makeAsyncIterator()
            parser = ServerSentEventParser()
            refusal = nil
            delay = nil
        }

        private mutating func close() {
            if let connection {
                connection.cancel()
                events.connections.remove(connection)
            }
            connection = nil
            parts = nil
        }

        private mutating func received(_ response: HTTPURLResponse) {
            let type = response.value(forHTTPHeaderField: "Content-Type") ?? ""
            if response.statusCode == 200, type.lowercased().hasPrefix("text/event-stream") {
                failures = 0
                refreshed = false
            } else {
                refusal = (response, Data())
            }
        }

        private mutating func read(_ bytes: Data) throws {
            if var refusal {
                refusal.body.append(bytes.prefix(Self.maximumErrorBody - refusal.body.count))
                self.refusal = refusal
                return
            }
            for event in parser.feed(bytes) {
                if let message = try message(for: event) { pending.append(message) }
            }
            if let retry = parser.retryMilliseconds { retryMilliseconds = retry }
        }

        /// The message an event makes, or nil for one already yielded.
        private mutating func message(for event: ServerSentEvent) throws -> Message? {
            let data = Data(event.data.utf8)
            switch event.type {
            case "ready":
                let ready = try decoder.decode(Components.Schemas.StreamReady.self, from: data)
                lastID = Swift.max(lastID ?? ready.position, ready.position)
                return .ready(position: ready.position)
            case "reset":
                // Positions start again from here, lower than the last id when it was unknown.
                let reset = try decoder.decode(Components.Schemas.StreamReset.self, from: data)
                lastID = reset.position
                return .reset(reason: reset.reason, detail: reset.detail, position: reset.position)
            case "session.ended":
                ended = true
                return .sessionEnded(detail: try decoder.decode(Components.Schemas.StreamSessionEnded.self, from: data).detail)
            default:
                guard let id = Int64(event.lastEventID), id >= 0 else {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: [], debugDescription: "A \(event.type) event with the id \"\(event.lastEventID)\", not a position"))
                }
                if let lastID, id <= lastID { return nil }
                let payload = try decoder.decode(Components.Schemas.LiveEvent.self, from: data)
                lastID = id
                return .event(id: id, type: event.type, payload)
            }
        }

        /// The body ended: a stream resumes after the retry delay; a refusal is read and judged.
        private mutating func connectionEnded() async throws {
            close()
            guard let refusal else {
                delay = Swift.min(.milliseconds(retryMilliseconds), Self.maximumDelay)
                return
            }
            self.refusal = nil
            let problem = Self.problem(refusal.response, refusal.body)
            switch refusal.response.statusCode {
            case 401:
                // An expired access token: refreshed once, then straight back; else signed out.
                guard !refreshed else { throw problem }
                let fresh: String?
                do {
                    fresh = try await events.authorization.token(replacing: sentToken, baseURL: events.serverURL)
                } catch {
                    // The refresh did not get through (the network again): later.
                    failed()
                    return
                }
                guard fresh != nil else { throw problem }
                refreshed = true
            case 200, 408, 429, 500...599:
                // Too many streams, the server busy or restarting, or something in the way that
                // answers a page (a captive portal): later, as it asks.
                failed()
                if let seconds = refusal.response.value(forHTTPHeaderField: "Retry-After").flatMap({ Int($0) }), seconds > 0 {
                    delay = Swift.max(delay ?? .zero, .seconds(Swift.min(seconds, 3_600)))
                }
            default:
                throw problem
            }
        }

        /// Ends the sequence with `error`, after the messages already read.
        private mutating func end(throwing error: any Error) {
            close()
            ended = true
            failure = error
        }

        /// A failed attempt or a dropped connection: back off.
        private mutating func failed() {
            close()
            var next = Duration.milliseconds(retryMilliseconds)
            if failures > 0 { next = Swift.max(next, .seconds(1)) }
            for _ in 0..<Swift.min(failures, 5) { next *= 2 }
            delay = Swift.min(next, Self.maximumDelay)
            failures += 1
        }

        /// The refusal as the problem document the server sent, or its status alone.
        private static func problem(_ response: HTTPURLResponse, _ body: Data) -> ViperdProblem {
            if let problem = try? JSONDecoder().decode(Components.Schemas.Problem.self, from: body) {
                return ViperdProblem(problem)
            }
            return ViperdProblem(
                type: "about:blank", title: HTTPURLResponse.localizedString(forStatusCode: response.statusCode),
                status: response.statusCode, detail: "The server answered \(response.statusCode) instead of an event stream.",
                code: "undocumented_response", requestID: response.value(forHTTPHeaderField: "X-Request-ID"))
        }
    }
}

/// The connections a `LiveEvents` has open, so `reconnect()` can drop them.
private final class OpenConnections: @unchecked Sendable {
    private let lock = NSLock()
    /// Weak: an iterator dropped mid-stream has its connection cancelled with it, and must not
    /// be kept here for the sequence's lifetime.
    private var open: [ObjectIdentifier: Weak] = [:]

    private struct Weak {
        weak var connection: StreamingRequest?
    }

    func insert(_ connection: StreamingRequest) {
        lock.withLock {
            open = open.filter { $0.value.connection != nil }
            open[ObjectIdentifier(connection)] = Weak(connection: connection)
        }
    }

    func remove(_ connection: StreamingRequest) {
        _ = lock.withLock { open.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    func cancelAll() {
        for connection in lock.withLock({ open.values.compactMap(\.connection) }) { connection.cancel() }
    }
}
