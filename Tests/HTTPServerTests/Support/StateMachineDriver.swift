@testable import HTTPServer

/// Drives a `ConnectionStateMachine` with no socket and no clock, and describes each answer as
/// a comparable line.
struct StateMachineDriver {
    /// One thing that happens to the connection, in the words of a table row.
    enum Step {
        case open
        case openAtCapacity
        case bytes(String)
        case endOfFile
        case readFailed
        /// The handler answers the request dispatched as `ticket`.
        case respond(Int, ticket: UInt64)
        /// A response with a body of `bytes` bytes.
        case respondSized(Int, bytes: Int, ticket: UInt64)
        /// The handler answers with a streamed body.
        case respondStreamed(Int, ticket: UInt64)
        /// The producer made a piece of `bytes` bytes, the last one when `last`.
        case produced(bytes: Int, last: Bool)
        /// The producer threw.
        case produceFailed
        case writable
        case drained
        case blocked(pending: Int, progressed: Bool)
        case writeFailed
        case tick
        case shutdown
        case abort
        /// The socket is readable: would the connection read it, or stop reading (lazily)?
        case readable
        /// Not an event: describes the armed deadline.
        case deadline
    }

    private var machine: ConnectionStateMachine
    private var shuttingDown = false

    init(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) {
        var configuration = HTTPServerConfiguration()
        configure(&configuration)
        machine = ConnectionStateMachine(settings: .init(configuration), now: 0)
    }

    /// Runs the rows in order and returns, per row, its time, step and what came back, so a
    /// mismatch names the row.
    static func run(
        _ rows: [(at: UInt64, step: Step, expect: String)], _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) -> (actual: [String], expected: [String]) {
        var driver = StateMachineDriver(configure)
        var actual: [String] = []
        var expected: [String] = []
        for row in rows {
            let label = "@\(row.at)ms \(row.step) → "
            actual.append(label + driver.perform(row.step, atMilliseconds: row.at))
            expected.append(label + row.expect)
        }
        return (actual, expected)
    }

    mutating func perform(_ step: Step, atMilliseconds milliseconds: UInt64) -> String {
        let now = milliseconds * 1_000_000
        let event: ConnectionStateMachine.Event
        switch step {
        case .open: event = .opened(refusal: nil)
        case .openAtCapacity: event = .opened(refusal: HTTPParseError(.serverAtCapacity))
        case .bytes(let text):
            let bytes = Array(text.utf8)
            let action = bytes.withUnsafeBytes { machine.handle(.bytesRead($0), now: now, shuttingDown: shuttingDown) }
            return Self.describe(action)
        case .endOfFile: event = .endOfFile
        case .readFailed: event = .readFailed
        case .respond(let code, let ticket):
            event = .responseReady(HTTPResponse(status: HTTPStatus(code: code), body: []), ticket: ticket)
        case .respondSized(let code, let bytes, let ticket):
            event = .responseReady(HTTPResponse(status: HTTPStatus(code: code), body: Array(repeating: 0x61, count: bytes)), ticket: ticket)
        case .respondStreamed(let code, let ticket):
            event = .responseReady(HTTPResponse(status: HTTPStatus(code: code), stream: NoBody()), ticket: ticket)
        case .produced(let bytes, let last): event = .bodyProduced(Array(repeating: 0x61, count: bytes), last: last)
        case .produceFailed: event = .bodyFailed
        case .writable: event = .writable
        case .drained: event = .writeDrained
        case .blocked(let pending, let progressed): event = .writeBlocked(pendingBytes: pending, progressed: progressed)
        case .writeFailed: event = .writeFailed
        case .tick: event = .tick
        case .shutdown:
            shuttingDown = true
            event = .shutdown
        case .abort: event = .abort
        case .readable: return machine.wantsInput ? "read" : "stop reading"
        case .deadline:
            guard let deadline = machine.nextDeadline else { return "no deadline" }
            return "\(deadline.kind) at \(deadline.at / 1_000_000)ms"
        }
        return Self.describe(machine.handle(event, now: now, shuttingDown: shuttingDown))
    }

    static func describe(_ action: ConnectionStateMachine.Action) -> String {
        switch action {
        case .none: return "nothing"
        case .read: return "read"
        case .stopReading: return "stop reading"
        case .dispatch(let request, let ticket):
            let body = request.body.isEmpty ? "" : " body=\(String(decoding: request.body, as: UTF8.self))"
            return "dispatch #\(ticket) \(request.method) \(request.path)\(body)"
        case .writeContinue: return "write 100"
        case .write(let response, let connection):
            return "write \(response.status.code)" + (connection.value.map { " \($0)" } ?? "")
        case .beginStream(let response, let connection, let chunked):
            return "stream \(response.status.code)" + (chunked ? " chunked" : "") + (connection.value.map { " \($0)" } ?? "")
        case .produce: return "produce"
        case .beginPush(let response, let chunked): return "push \(response.status.code)" + (chunked ? " chunked" : "")
        case .writePushed: return "write pushed"
        case .writeHeartbeat: return "write heartbeat"
        case .endPush: return "end push"
        case .writeBody(let bytes, _, let last): return "write \(bytes.count) bytes" + (last ? " and the end" : "")
        case .refuse(let error): return "refuse \(error.status.code)"
        case .flush: return "flush"
        case .linger: return "linger"
        case .close: return "close"
        }
    }
}

/// A producer the table tests never call: the driver only carries it to the state machine.
private final class NoBody: HTTPBodyProducer {
    func next(into chunk: inout [UInt8]) throws -> Bool { false }
    func finish() {}
}
