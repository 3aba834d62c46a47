import Foundation

/// An incremental, byte-level HTTP/1.1 request parser: a state machine with no I/O.
///
/// Feed it bytes as they arrive, in chunks of any size, and call `next()` until it answers
/// `.needMore`. It frames one message at a time (`.head`, then `.complete`), so pipelined
/// requests come out in order; after a `.failure` it stays failed, because the stream can no
/// longer be trusted to be in sync.
public struct HTTPRequestParser: Sendable {
    /// The size limits the parser enforces while it reads.
    public struct Limits: Sendable {
        public var maxRequestLineBytes = 8 * 1024
        public var maxHeaderLineBytes = 8 * 1024
        public var maxHeaderBytes = 32 * 1024
        public var maxHeaderCount = 100
        public var maxBodyBytes = 1 << 20
        public var maxChunkLineBytes = 4 * 1024
        public var requireHost = true

        public init() {}

        public init(_ configuration: HTTPServerConfiguration) {
            maxRequestLineBytes = configuration.maxRequestLineBytes
            maxHeaderLineBytes = configuration.maxHeaderLineBytes
            maxHeaderBytes = configuration.maxHeaderBytes
            maxHeaderCount = configuration.maxHeaderCount
            maxBodyBytes = configuration.maxBodyBytes
            maxChunkLineBytes = configuration.maxChunkLineBytes
            requireHost = configuration.requireHost
        }
    }

    /// What `next()` found.
    public enum Event: Sendable {
        /// Nothing more can be framed until more bytes arrive.
        case needMore
        /// A header section is complete; its body (if any) follows.
        case head(HTTPRequestHead)
        /// A whole message, body included.
        case complete(HTTPRequest)
        /// The input broke a rule; the connection must answer and close.
        case failure(HTTPParseError)
    }

    /// Where the parser is inside the current message, for choosing the right deadline.
    public enum Phase: Equatable, Sendable {
        /// No byte of the next message yet.
        case idle
        /// Inside a header section.
        case head
        /// Inside a body.
        case body
    }

    public let limits: Limits
    var buffer: [UInt8] = []
    /// Index of the first byte not yet consumed by a framed part of a message.
    var start = 0
    var state: State
    /// The method of the message being parsed once its request line is read, kept after a
    /// failure: a refusal of a HEAD request must carry no content.
    public internal(set) var currentMethod: HTTPMethod?
    /// The header fields of the message being parsed once its whole header section is read,
    /// kept after a failure: a refusal of it can be worded in the language it asks for.
    public internal(set) var currentHeaders: HTTPHeaders?

    public init(limits: Limits = Limits()) {
        self.limits = limits
        state = .head(HeadProgress(at: 0))
    }

    /// Appends received bytes.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes from raw memory.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Bytes received but not yet consumed by a framed message part.
    public var bufferedByteCount: Int { buffer.count - start }

    public var phase: Phase {
        switch state {
        case .head: buffer.count > start ? .head : .idle
        case .body: .body
        case .failed: .head
        }
    }

    /// Frames as much as the buffered bytes allow, one event at a time.
    public mutating func next() -> Event {
        if case .failed(let error) = state { return .failure(error) }
        compactIfIdle()
        let bytes = buffer
        let event = bytes.withUnsafeBufferPointer { step($0) }
        if case .failure(let error) = event { state = .failed(error) }
        return event
    }

    private mutating func step(_ buf: UnsafeBufferPointer<UInt8>) -> Event {
        switch state {
        case .head(var progress):
            let event = parseHead(buf, &progress)
            if case .needMore = event { state = .head(progress) }
            return event
        case .body(let head, var progress):
            let event = parseBody(buf, head, &progress)
            if case .needMore = event { state = .body(head, progress) }
            return event
        case .failed(let error):
            return .failure(error)
        }
    }

    /// Drops consumed bytes between messages, when no index into the buffer is live.
    private mutating func compactIfIdle() {
        guard case .head(let progress) = state, progress.lineStart == start, progress.requestLine == nil,
            start > 0
        else { return }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if start >= 4096 && start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
        } else {
            return
        }
        start = 0
        state = .head(HeadProgress(at: 0))
    }

    mutating func finishMessage(_ head: HTTPRequestHead, body: [UInt8], trailers: HTTPHeaders) -> Event {
        state = .head(HeadProgress(at: start))
        currentMethod = nil
        currentHeaders = nil
        var request = HTTPRequest(
            method: head.method, target: head.target, path: head.path, query: head.query,
            version: head.version, headers: head.headers, body: body, trailers: trailers,
            keepAlive: head.keepAlive)
        request.requestID = ""
        return .complete(request)
    }

    /// The index of the next LF in `from..<buf.count`, found with memchr.
    static func indexOfLineFeed(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < buf.count, let base = buf.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(ASCII.lf), buf.count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: state

    enum State: Sendable {
        case head(HeadProgress)
        case body(HTTPRequestHead, BodyProgress)
        case failed(HTTPParseError)
    }

    struct RequestLine: Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
    }

    struct HeadProgress: Sendable {
        var lineStart: Int
        var scanIndex: Int
        var requestLine: RequestLine?
        var headerSectionStart = 0
        var leadingEmptyLines = 0
        var headers = HTTPHeaders()
        var contentLength: Int?
        var contentLengthCount = 0
        var hasTransferEncoding = false
        var transferCodings: [String] = []
        var hostCount = 0
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
        var unsupportedExpectation = false

        init(at index: Int) {
            lineStart = index
            scanIndex = index
        }
    }

    struct BodyProgress: Sendable {
        enum Chunk: Sendable {
            case sizeLine
            case data(remaining: Int)
            case dataTerminator
            case trailers(lineStart: Int, sectionStart: Int)
        }

        var body: [UInt8] = []
        var remaining = 0
        var chunk = Chunk.sizeLine
        var trailers = HTTPHeaders()
        /// Buffer index where the body began: chunked framing is counted against a limit too.
        var wireStart = 0
    }
}
