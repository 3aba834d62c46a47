import Foundation
import HTTPServer
import Logging
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Responses whose body the application pushes when it likes (`HTTPResponse.push`): chunks as
/// they are sent, a heartbeat in the quiet, a farewell at shutdown, and a client that stops
/// reading cut off after a bounded backlog.
@Suite("HTTP server: pushed bodies")
struct PushedBodyTests {
    /// The channels the handler opened and how each ended.
    final class Channels: Sendable {
        private let state = Mutex<(channels: [HTTPPushChannel], endings: [HTTPPushChannel.Ending])>(([], []))
        let heartbeat: Duration
        let backlog: Int

        init(heartbeat: Duration = .seconds(60), backlog: Int = 1 << 20) {
            self.heartbeat = heartbeat
            self.backlog = backlog
        }

        func make() -> HTTPPushChannel {
            let channel = HTTPPushChannel(
                heartbeat: Array(": hb\n\n".utf8), heartbeatInterval: heartbeat, farewell: Array("retry: 1000\n\n".utf8), backlogLimit: backlog
            ) { [self] ending in state.withLock { $0.endings.append(ending) } }
            state.withLock { $0.channels.append(channel) }
            return channel
        }

        var first: HTTPPushChannel? { state.withLock { $0.channels.first } }
        var endings: [HTTPPushChannel.Ending] { state.withLock { $0.endings } }
    }

    func withPush<T>(_ channels: Channels, _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }, _ body: (HTTPServer) throws -> T) throws -> T {
        try TestServer.with(configure, handler: { request in
            if request.path == "/fixed" { return HTTPResponse(status: .ok, body: Array("fixed".utf8)) }
            let channel = channels.make()
            channel.send(Array("hello\n".utf8))
            return HTTPResponse(status: .ok, headers: ["Content-Type": "text/event-stream"], push: channel)
        }, body)
    }

    /// Reads raw bytes until `text` has arrived (or the client's timeout).
    func read(_ client: TestClient, until text: String) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !String(decoding: received, as: UTF8.self).contains(text) {
            let count = recv(client.fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test("what the application pushes reaches the client as chunks when sent, and finishing ends the body and the connection")
    func pushedChunks() throws {
        let channels = Channels()
        try withPush(channels) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = read(client, until: "hello\n")
            #expect(head.contains("HTTP/1.1 200"))
            #expect(head.contains("Transfer-Encoding: chunked"))
            #expect(head.contains("Connection: close"))
            #expect(head.hasSuffix("6\r\nhello\n\r\n"))
            channels.first?.send(Array("one\n".utf8))
            #expect(read(client, until: "one\n").hasSuffix("4\r\none\n\r\n"))
            channels.first?.finish(Array("last\n".utf8))
            #expect(read(client, until: "0\r\n\r\n").hasSuffix("5\r\nlast\n\r\n0\r\n\r\n"))
            #expect(client.isClosedByServer())
            #expect(eventually { channels.endings == [.finished] })
        }
    }

    @Test("an open stream leaves the connection counts: it counts as a stream, and the cap of connections does not see it")
    func streamsLeaveConnectionCounts() throws {
        let channels = Channels()
        try withPush(channels, { $0.maxConnections = 1 }) { server in
            let stream = try TestClient(port: server.localPort)
            try stream.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = read(stream, until: "hello\n")
            #expect(eventually { server.openStreamCount == 1 && server.openConnectionCount == 0 })
            let other = try TestClient(port: server.localPort)
            try other.send("GET /fixed HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.expectResponse().text == "fixed")
        }
    }

    @Test("a quiet stream gets the heartbeat, so proxies and clients see it alive")
    func heartbeat() throws {
        let channels = Channels(heartbeat: .milliseconds(200))
        try withPush(channels) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(read(client, until: ": hb\n\n").contains("6\r\n: hb\n\n\r\n"))
        }
    }

    @Test("a client that goes away ends its channel, and sends after that are refused")
    func clientGone() throws {
        let channels = Channels()
        try withPush(channels) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = read(client, until: "hello\n")
            client.reset()
            #expect(eventually { channels.endings == [.clientGone] })
            #expect(channels.first?.send(Array("late".utf8)) == false)
            #expect(eventually { server.openStreamCount == 0 })
        }
    }

    @Test("a client that stops reading is cut off once its backlog passes the limit: what the server holds for it stays bounded")
    func slowReaderCutOff() throws {
        let backlog = 64 * 1024
        let channels = Channels(backlog: backlog)
        try withPush(channels) { server in
            let client = try TestClient(port: server.localPort, receiveBuffer: 4096)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = read(client, until: "hello\n")
            // The client reads nothing more: the kernel's buffers fill, then the backlog.
            let piece = [UInt8](repeating: 0x61, count: 8192)
            var accepted = 0
            let deadline = Date().addingTimeInterval(20)
            while channels.first?.send(piece) == true, Date() < deadline {
                accepted += piece.count
                usleep(1000)
            }
            #expect(channels.endings == [.backlogExceeded])
            // At most the backlog, a piece, and what the two kernels' socket buffers took.
            #expect(accepted < 16 << 20)
            #expect(eventually { server.openStreamCount == 0 })
        }
    }

    @Test("shutdown ends an open stream with its farewell and the body's end")
    func shutdownFarewell() throws {
        let channels = Channels()
        var configuration = TestServer.configuration()
        configuration.shutdownTimeout = .seconds(3)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = HTTPServer(configuration: configuration, logger: logger, errorResponder: HTTPServer.plainTextError) { _ in
            HTTPResponse(status: .ok, push: channels.make())
        }
        try server.start()
        let client = try TestClient(port: server.localPort)
        try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = read(client, until: "\r\n\r\n")
        #expect(eventually { server.openStreamCount == 1 })
        server.shutdown()
        let tail = read(client, until: "0\r\n\r\n")
        server.waitUntilStopped()
        #expect(tail.hasSuffix("d\r\nretry: 1000\n\n\r\n0\r\n\r\n"))
        #expect(channels.endings == [.shutdown])
    }

    @Test("HEAD gets the head alone; the channel ends unsent")
    func head() throws {
        let channels = Channels()
        try withPush(channels) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("HEAD /events HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse(headRequest: true).status == 200)
            #expect(eventually { channels.endings == [.notSent] })
        }
    }
}
