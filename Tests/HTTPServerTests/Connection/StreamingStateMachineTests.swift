@testable import HTTPServer
import Testing

/// The state machine's side of a streamed body: when the producer is asked for more, how the
/// body ends, and what ends it early. Events in, actions out, no sockets.
@Suite("ConnectionStateMachine: streamed bodies")
struct StreamingStateMachineTests {
    static func expectRows(
        _ rows: [(at: UInt64, step: StateMachineDriver.Step, expect: String)], _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) {
        let (actual, expected) = StateMachineDriver.run(rows, configure)
        #expect(actual == expected)
    }

    static func get(_ path: String, version: String = "1.1") -> String { "GET \(path) HTTP/\(version)\r\nHost: t\r\n\r\n" }

    @Test("pieces are asked for one at a time, only below the high-water mark; after the last, the next request is framed")
    func pulledAsTheSocketDrains() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/r") + Self.get("/b")), "dispatch #1 GET /r"),
            (2, .readable, "stop reading"),
            (2, .respondStreamed(200, ticket: 1), "stream 200 chunked"),
            (2, .drained, "produce"),
            (3, .produced(bytes: 10_000, last: false), "write 10000 bytes"),
            (3, .blocked(pending: 70_000, progressed: true), "nothing"),
            (4, .writable, "flush"),
            (4, .blocked(pending: 30_000, progressed: true), "produce"),
            (5, .produced(bytes: 0, last: false), "produce"),
            (6, .produced(bytes: 500, last: true), "write 500 bytes and the end"),
            (6, .drained, "dispatch #2 GET /b"),
        ], { $0.outputHighWaterBytes = 64 * 1024 })
    }

    @Test("HTTP/1.0 gets the body raw and the close; HEAD gets the head as a fixed answer")
    func http10AndHead() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("GET /r HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"), "dispatch #1 GET /r"),
            (2, .respondStreamed(200, ticket: 1), "stream 200 close"),
        ])
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("HEAD /r HTTP/1.1\r\nHost: t\r\n\r\n"), "dispatch #1 HEAD /r"),
            (2, .respondStreamed(200, ticket: 1), "write 200"),
        ])
    }

    @Test("a producer that throws: what is queued is flushed, then a lingering close without the end")
    func producerThrows() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/r")), "dispatch #1 GET /r"),
            (2, .respondStreamed(200, ticket: 1), "stream 200 chunked"),
            (2, .drained, "produce"),
            (3, .produceFailed, "flush"),
            (3, .drained, "linger"),
        ])
    }

    @Test("the stream deadline drops the connection wherever the body is")
    func deadline() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/r")), "dispatch #1 GET /r"),
            (2, .respondStreamed(200, ticket: 1), "stream 200 chunked"),
            (2, .drained, "produce"),
            (2, .deadline, "stream at 1002ms"),
            (500, .produced(bytes: 100, last: false), "write 100 bytes"),
            (500, .blocked(pending: 100, progressed: false), "produce"),
            (1002, .tick, "close"),
        ], { $0.streamTimeout = .seconds(1); $0.writeTimeout = .seconds(30) })
    }

    @Test("while output is over its budget a streamed answer is refused like a large one")
    func refusedOverBudget() {
        var configuration = HTTPServerConfiguration()
        configuration.maxUnsentOutputBytes = 0
        let settings = ConnectionStateMachine.Settings(configuration)
        settings.outputBudget.adjust(by: 1)
        defer { settings.outputBudget.adjust(by: -1) }
        var machine = ConnectionStateMachine(settings: settings, now: 0)
        _ = machine.handle(.opened(refusal: nil), now: 0, shuttingDown: false)
        let action = Array(Self.get("/r").utf8).withUnsafeBytes { machine.handle(.bytesRead($0), now: 1, shuttingDown: false) }
        guard case .dispatch(_, let ticket) = action else {
            Issue.record("not dispatched")
            return
        }
        let streamed = HTTPResponse(status: .ok, stream: StreamProbe(pieces: 1, size: 1))
        let answer = machine.handle(.responseReady(streamed, ticket: ticket), now: 2, shuttingDown: false)
        #expect(StateMachineDriver.describe(answer) == "refuse 503")
    }
}
