import Foundation
import HTTPServer
import TestSupport
import Testing

/// Responses whose body a producer makes while the client reads (`HTTPResponse.stream`): HTTP/1.1
/// chunks, pulled as the socket drains, cut short (never ended) when the producer fails.
@Suite("HTTP server: streamed bodies")
struct StreamedBodyTests {
    /// A server whose every request is answered by `probe`'s body, a `/fixed` one by a fixed body.
    func withStream<T>(
        _ probe: StreamProbe, _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }, _ body: (HTTPServer) throws -> T
    ) throws -> T {
        try TestServer.with(configure, handler: { request in
            if request.path == "/fixed" { return HTTPResponse(status: .ok, body: Array("fixed".utf8)) }
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], stream: probe)
        }, body)
    }

    @Test("a client reading a few bytes at a time gets every chunk, then the connection serves the next request")
    func chunkedInSmallReads() throws {
        let probe = StreamProbe(pieces: 40, size: 3000)
        try withStream(probe) { server in
            let client = try TestClient(port: server.localPort)
            client.readSize = 7
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.status == 200)
            #expect(response.header("Transfer-Encoding") == "chunked")
            #expect(response.header("Content-Length") == nil)
            #expect(response.header("Connection") == nil)
            #expect(response.body == probe.expected)
            client.readSize = 65536
            try client.send("GET /fixed HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "fixed")
            #expect(eventually { probe.finishCalls == 1 })
            #expect(probe.nextCalls == 40)
            #expect(!probe.overlapped)
        }
    }

    @Test("a request pipelined behind a streamed one is answered after the body's last chunk")
    func pipelinedAfterStream() throws {
        let probe = StreamProbe(pieces: 5, size: 100_000)
        try withStream(probe) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\nGET /fixed HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().body == probe.expected)
            #expect(try client.expectResponse().text == "fixed")
        }
    }

    @Test("HEAD gets the head alone, without a length it cannot know; the producer is finished unread")
    func head() throws {
        let probe = StreamProbe(pieces: 3, size: 10)
        try withStream(probe) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("HEAD /report HTTP/1.1\r\nHost: t\r\n\r\nGET /fixed HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.expectResponse(headRequest: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(try client.expectResponse().text == "fixed", "no byte of a body may come between the two")
            #expect(eventually { probe.finishCalls == 1 })
            #expect(probe.nextCalls == 0)
        }
    }

    @Test("an HTTP/1.0 client gets no chunks: the body runs to the connection's close")
    func http10() throws {
        let probe = StreamProbe(pieces: 4, size: 5000)
        try withStream(probe) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let head = try client.expectResponse(headRequest: true)
            #expect(head.header("Connection") == "close")
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(head.header("Content-Length") == nil)
            #expect(client.readToEnd() == probe.expected)
            #expect(eventually { probe.finishCalls == 1 })
        }
    }

    @Test("a producer that throws mid-body: the chunks so far, no last chunk, and the connection closes")
    func producerThrows() throws {
        let probe = StreamProbe(pieces: 10, size: 1000, failAt: 3)
        try withStream(probe) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.expectResponse(headRequest: true)
            #expect(head.header("Transfer-Encoding") == "chunked")
            let rest = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(rest.hasPrefix("3e8\r\n"))
            #expect(rest.components(separatedBy: "3e8\r\n").count == 4, "three chunks of 1000 bytes")
            #expect(!rest.hasSuffix("0\r\n\r\n"), "a cut body must not look ended")
            #expect(eventually { probe.finishCalls == 1 })
            #expect(eventually { server.openConnectionCount == 0 })
        }
    }

    @Test("a client that stops reading holds back the producer: only what fills the socket buffers is made")
    func backpressure() throws {
        let probe = StreamProbe(pieces: 4000, size: 16 * 1024)
        try withStream(probe, { $0.writeTimeout = .seconds(30); $0.minTransferRate = 0 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\n")
            usleep(200_000)
            let settled = probe.nextCalls
            usleep(300_000)
            #expect(probe.nextCalls == settled, "nothing more is made while the client reads nothing")
            // Loopback's buffers take a few MiB; the body is 64 MiB.
            #expect(settled * 16 * 1024 < 24 << 20)
            client.readSize = 1 << 20
            let response = try client.expectResponse()
            #expect(response.body.count == 4000 * 16 * 1024)
            #expect(probe.nextCalls == 4000)
        }
    }

    @Test("a slow reader past the output budget is dropped, and its producer finished")
    func droppedPastBudget() throws {
        let probe = StreamProbe(pieces: 4000, size: 256 * 1024)
        try withStream(probe, { $0.maxUnsentOutputBytes = 1; $0.outputHighWaterBytes = 16 * 1024 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually(within: 5) { server.openConnectionCount == 0 })
            #expect(eventually { probe.finishCalls == 1 })
            #expect(probe.nextCalls < 4000)
            _ = client
        }
    }

    @Test("a stream past its deadline is dropped however it is read, and its producer finished")
    func streamDeadline() throws {
        let probe = StreamProbe(pieces: 4000, size: 64 * 1024)
        try withStream(probe, { $0.streamTimeout = .milliseconds(300); $0.writeTimeout = .seconds(30); $0.minTransferRate = 0 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /report HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually(within: 5) { server.openConnectionCount == 0 })
            #expect(eventually { probe.finishCalls == 1 })
            _ = client
        }
    }

    @Test("fixed bodies keep their Content-Length beside a streamed one")
    func fixedUnchanged() throws {
        try withStream(StreamProbe(pieces: 1, size: 1)) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /fixed HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.header("Content-Length") == "5")
            #expect(response.header("Transfer-Encoding") == nil)
        }
    }
}
