@testable import HTTPServer
import Testing

/// The connection's decisions, event by event, with no socket: each row is (time in ms, what
/// happens, what the connection must do). Default timeouts: idle 5 s, header and body 10 s,
/// handler and write 30 s, linger 2 s.
@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    typealias Row = (at: UInt64, step: StateMachineDriver.Step, expect: String)

    static func get(_ path: String, _ fields: String = "", version: String = "1.1") -> String {
        "GET \(path) HTTP/\(version)\r\nHost: t\r\n\(fields)\r\n"
    }

    static func expectRows(_ rows: [Row], _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) {
        let (actual, expected) = StateMachineDriver.run(rows, configure)
        #expect(actual == expected)
    }

    @Test("keep-alive: each request is dispatched, answered without Connection, and reading resumes")
    func keepAlive() {
        Self.expectRows([
            (0, .open, "read"),
            (0, .deadline, "idle at 5000ms"),
            (100, .bytes(Self.get("/a")), "dispatch #1 GET /a"),
            (100, .deadline, "handler at 30100ms"),
            (100, .readable, "stop reading"),
            (200, .respond(200, ticket: 1), "write 200"),
            (200, .drained, "read"),
            (200, .deadline, "idle at 5200ms"),
            (300, .bytes(Self.get("/b")), "dispatch #2 GET /b"),
            (400, .respond(200, ticket: 2), "write 200"),
            (400, .drained, "read"),
        ])
    }

    @Test("pipelining: the second request is dispatched only after the first is answered")
    func pipelinedInOrder() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a") + Self.get("/b")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 2), "nothing"),
            (3, .respond(200, ticket: 1), "write 200"),
            (3, .drained, "dispatch #2 GET /b"),
            (4, .respond(201, ticket: 2), "write 201"),
            (4, .drained, "read"),
        ])
    }

    @Test("a response still being written does not hold back the next pipelined request")
    func pipelinedWhileWriting() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a") + Self.get("/b")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: true), "dispatch #2 GET /b"),
            (3, .writable, "flush"),
            (3, .drained, "nothing"),
            (4, .respond(200, ticket: 2), "write 200"),
            (4, .drained, "read"),
        ])
    }

    @Test("past the output high-water mark reading stops until the output drains")
    func backpressure() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a") + Self.get("/b")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 300_000, progressed: true), "stop reading"),
            (3, .writable, "flush"),
            (3, .blocked(pending: 200_000, progressed: true), "nothing"),
            (4, .writable, "flush"),
            (4, .drained, "dispatch #2 GET /b"),
        ])
    }

    @Test("Connection: close: the response says close, the rest of the input is ignored, then a lingering close")
    func connectionClose() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/", "Connection: close\r\n") + Self.get("/ignored")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200 close"),
            (2, .readable, "stop reading"),
            (3, .drained, "linger"),
            (3, .deadline, "linger at 2003ms"),
            (4, .readable, "read"),
            (4, .bytes("anything the client still sends"), "nothing"),
            (2002, .tick, "nothing"),
            (2003, .tick, "close"),
            (2004, .tick, "nothing"),
        ])
    }

    @Test("HTTP/1.0 without keep-alive is answered with close; with keep-alive it stays open")
    func http10() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/", version: "1.0")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200 close"),
            (2, .drained, "linger"),
        ])
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/", "Connection: keep-alive\r\n", version: "1.0")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200 keep-alive"),
            (2, .drained, "read"),
        ])
    }

    @Test("a malformed request is refused with its status, then the connection lingers and closes")
    func parseError() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a") + Self.get("/b", "Content-Length: x\r\n")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .drained, "refuse 400"),
            (2, .readable, "stop reading"),
            (3, .drained, "linger"),
            (4, .endOfFile, "close"),
        ])
    }

    @Test("a header section not complete within the header timeout of its first byte: 408 and close")
    func headerTimeout() {
        Self.expectRows([
            (0, .open, "read"),
            (1000, .bytes("GET / HTTP/1.1\r\n"), "read"),
            (1000, .deadline, "header at 11000ms"),
            (5000, .bytes("X"), "read"),
            (5000, .deadline, "header at 11000ms"),
            (10999, .tick, "nothing"),
            (11000, .tick, "refuse 408"),
            (11000, .drained, "linger"),
        ])
    }

    @Test("a body that stops arriving for the body timeout: 408 and close")
    func bodyTimeout() {
        Self.expectRows([
            (0, .open, "read"),
            (1000, .bytes("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab"), "read"),
            (1000, .deadline, "body at 11000ms"),
            (2000, .bytes("cd"), "read"),
            (2000, .deadline, "body at 12000ms"),
            (11000, .tick, "nothing"),
            (12000, .tick, "refuse 408"),
        ], { $0.minTransferRate = 0 })
    }

    @Test("a body trickled in is refused at its fixed deadline (body timeout + length at the minimum rate), however often bytes come")
    func bodyTrickle() {
        Self.expectRows([
            (0, .open, "read"),
            (1000, .bytes("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\na"), "read"),
            (1000, .deadline, "body at 11000ms"),
            (9000, .bytes("b"), "read"),
            (9000, .deadline, "body at 16000ms"),
            (15000, .bytes("c"), "read"),
            (15000, .deadline, "body at 16000ms"),
            (15999, .tick, "nothing"),
            (16000, .tick, "refuse 408"),
        ], { $0.minTransferRate = 1000 })
    }

    @Test("a chunked body's deadline counts the largest allowed body at the minimum rate")
    func chunkedBodyDeadline() {
        Self.expectRows([
            (0, .open, "read"),
            (0, .bytes("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n"), "read"),
            (9000, .bytes("1\r\nb\r\n"), "read"),
            (9000, .deadline, "body at 12000ms"),
            (12000, .tick, "refuse 408"),
        ], { $0.minTransferRate = 1000; $0.maxBodyBytes = 2000 })
    }

    @Test("a body over the unreserved size reserves its length from the shared budget, gives it back with its response, and one that does not fit is refused 503")
    func bodyBudget() {
        let body = String(repeating: "x", count: 60)
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 60\r\n\r\n\(body)"), "dispatch #1 POST /a body=\(body)"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .drained, "read"),
            (3, .bytes("POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 60\r\n\r\n\(body)"), "dispatch #2 POST /b body=\(body)"),
            (4, .respond(200, ticket: 2), "write 200"),
            (4, .drained, "read"),
            (5, .bytes("POST /c HTTP/1.1\r\nHost: t\r\nContent-Length: 101\r\n\r\n"), "refuse 503"),
        ], { $0.maxBufferedBodyBytes = 100; $0.unreservedBodyBytes = 10 })
    }

    @Test("past the output budget, a connection that blocks with more than the high-water mark unsent is dropped; under it, it waits")
    func outputBudget() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 900, progressed: true), "stop reading"),
            (3, .writable, "flush"),
            (3, .blocked(pending: 1200, progressed: false), "close"),
        ], { $0.maxUnsentOutputBytes = 1000; $0.outputHighWaterBytes = 100 })
    }

    @Test("while unsent output is over its budget, a large answer is refused 503 instead of queued; a small one is written")
    func largeAnswerWhileOverBudget() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/a") + Self.get("/b") + Self.get("/c")), "dispatch #1 GET /a"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1100, progressed: true), "dispatch #2 GET /b"),
            (3, .respondSized(200, bytes: 1500, ticket: 2), "write 200"),
            (3, .blocked(pending: 1300, progressed: true), "dispatch #3 GET /c"),
            (4, .respondSized(200, bytes: 3000, ticket: 3), "refuse 503"),
        ], { $0.maxUnsentOutputBytes = 1000; $0.outputHighWaterBytes = 2000 })
    }

    @Test("bodies up to the unreserved size need no budget at all")
    func smallBodiesUnreserved() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\ndata"), "dispatch #1 POST /a body=data"),
        ], { $0.maxBufferedBodyBytes = 0; $0.unreservedBodyBytes = 4 })
    }

    @Test("an idle connection is closed silently at the idle timeout, counted from the last response")
    func idleTimeout() {
        Self.expectRows([
            (0, .open, "read"),
            (4999, .tick, "nothing"),
            (4999, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (6000, .respond(200, ticket: 1), "write 200"),
            (6000, .drained, "read"),
            (10999, .tick, "nothing"),
            (11000, .tick, "close"),
        ])
    }

    @Test("idleness starts only after the last byte of a response is written")
    func slowReaderNotIdle() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: true), "read"),
            (2, .deadline, "write at 30002ms"),
            (20000, .tick, "nothing"),
            (25000, .writable, "flush"),
            (25000, .drained, "read"),
            (25000, .deadline, "idle at 30000ms"),
        ], { $0.minTransferRate = 0 })
    }

    @Test("a client that stops reading is dropped once the write timeout passes without progress")
    func writeStall() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: false), "read"),
            (2, .deadline, "write at 30002ms"),
            (10000, .writable, "flush"),
            (10000, .blocked(pending: 900, progressed: true), "nothing"),
            (10000, .deadline, "write at 40000ms"),
            (20000, .writable, "flush"),
            (20000, .blocked(pending: 900, progressed: false), "nothing"),
            (39999, .tick, "nothing"),
            (40000, .tick, "close"),
        ], { $0.minTransferRate = 0 })
    }

    @Test("with a minimum rate, a blocked response must be gone by a deadline fixed when it first blocked: reads trickled after cannot push it back")
    func writeTrickle() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: false), "read"),
            (2, .deadline, "write at 30002ms"),
            (10000, .writable, "flush"),
            (10000, .blocked(pending: 999, progressed: true), "nothing"),
            (10000, .deadline, "write at 31002ms"),
            (31001, .tick, "nothing"),
            (31002, .tick, "close"),
        ], { $0.minTransferRate = 1000 })
    }

    @Test("a write or read failure closes at once")
    func failures() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .writeFailed, "close"),
        ])
        Self.expectRows([
            (0, .open, "read"),
            (1, .readFailed, "close"),
            (2, .readable, "stop reading"),
        ])
    }

    @Test("end of input while idle closes at once")
    func endOfFileWhileIdle() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .endOfFile, "close"),
            (2, .tick, "nothing"),
        ])
    }

    @Test("end of input in the middle of a request closes without an answer")
    func endOfFileMidRequest() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("GET / HTTP/1.1\r\nHo"), "read"),
            (2, .endOfFile, "close"),
        ])
    }

    @Test("end of input while a response is being written: finish writing, then linger")
    func endOfFileWhileWriting() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: true), "read"),
            (3, .endOfFile, "stop reading"),
            (4, .writable, "flush"),
            (4, .drained, "linger"),
        ])
    }

    @Test("shutdown closes an idle connection at once")
    func shutdownWhileIdle() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .shutdown, "close"),
        ])
    }

    @Test("shutdown lets the request in flight finish, answered with close and a short linger")
    func shutdownWhileInFlight() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .shutdown, "nothing"),
            (300, .respond(200, ticket: 1), "write 200 close"),
            (300, .drained, "linger"),
            (300, .deadline, "linger at 550ms"),
        ])
    }

    @Test("shutdown lets a half-received request finish, and shortens a linger already running")
    func shutdownMidRequestAndLingering() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("GET / HTTP/1.1\r\n"), "read"),
            (2, .shutdown, "nothing"),
            (3, .bytes("Host: t\r\n\r\n"), "dispatch #1 GET /"),
        ])
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/", "Connection: close\r\n")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200 close"),
            (2, .drained, "linger"),
            (2, .deadline, "linger at 2002ms"),
            (10, .shutdown, "nothing"),
            (10, .deadline, "linger at 260ms"),
            (260, .tick, "close"),
        ])
    }

    @Test("a response drained during shutdown closes the connection instead of waiting for more")
    func drainedDuringShutdown() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .respond(200, ticket: 1), "write 200"),
            (2, .blocked(pending: 1000, progressed: true), "read"),
            (3, .shutdown, "nothing"),
            (4, .writable, "flush"),
            (4, .drained, "close"),
        ])
    }

    @Test("the last request allowed on a connection is answered with close")
    func maxRequestsPerConnection() {
        Self.expectRows(
            [
                (0, .open, "read"),
                (1, .bytes(Self.get("/1")), "dispatch #1 GET /1"),
                (1, .respond(200, ticket: 1), "write 200"),
                (1, .drained, "read"),
                (2, .bytes(Self.get("/2")), "dispatch #2 GET /2"),
                (2, .respond(200, ticket: 2), "write 200 close"),
                (2, .drained, "linger"),
            ], { $0.maxRequestsPerConnection = 2 })
    }

    @Test("100-continue: the interim response is written before the body is read")
    func expectContinue() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"), "write 100"),
            (1, .drained, "read"),
            (1, .deadline, "body at 10001ms"),
            (2, .bytes("data"), "dispatch #1 PUT /echo body=data"),
        ])
    }

    @Test("100-continue is not sent when the body has already arrived")
    func expectContinueWithBody() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes("PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\ndata"), "dispatch #1 PUT /echo body=data"),
        ])
    }

    @Test("100-continue with a body over the limit: refused with 413, no 100")
    func expectContinueTooLarge() {
        Self.expectRows(
            [
                (0, .open, "read"),
                (1, .bytes("PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 101\r\n\r\n"), "refuse 413"),
            ], { $0.maxBodyBytes = 100 })
    }

    @Test("a handler past its deadline: 503 and close, and its late answer is dropped")
    func handlerDeadline() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/slow")), "dispatch #1 GET /slow"),
            (30000, .tick, "nothing"),
            (30001, .tick, "refuse 503"),
            (30001, .drained, "linger"),
            (31000, .respond(200, ticket: 1), "nothing"),
        ])
    }

    @Test("a connection over the cap is refused with 503 before it sends anything")
    func atCapacity() {
        Self.expectRows([
            (0, .openAtCapacity, "refuse 503"),
            (0, .readable, "stop reading"),
            (0, .drained, "linger"),
        ])
    }

    @Test("lingering close stops draining after the byte limit")
    func lingerByteLimit() {
        Self.expectRows(
            [
                (0, .open, "read"),
                (1, .bytes(Self.get("/", "Connection: close\r\n")), "dispatch #1 GET /"),
                (2, .respond(200, ticket: 1), "write 200 close"),
                (2, .drained, "linger"),
                (3, .bytes(String(repeating: "x", count: 10)), "nothing"),
                (4, .bytes(String(repeating: "x", count: 10)), "close"),
            ], { $0.lingerMaxBytes = 16 })
    }

    @Test("abort closes whatever the state, once")
    func abort() {
        Self.expectRows([
            (0, .open, "read"),
            (1, .bytes(Self.get("/")), "dispatch #1 GET /"),
            (2, .abort, "close"),
            (3, .respond(200, ticket: 1), "nothing"),
            (4, .abort, "nothing"),
            (5, .writable, "nothing"),
        ])
    }
}
