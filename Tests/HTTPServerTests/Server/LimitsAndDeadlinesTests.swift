import Foundation
import HTTPServer
import TestSupport
import Testing

/// Limits and deadlines over a real socket: the status, then a closed connection.
@Suite("HTTP server: limits and deadlines")
struct LimitsAndDeadlinesTests {
    func expectRefusal(_ status: Int, after bytes: String, _ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        try TestServer.with(configure) { server in
            let client = try TestClient(port: server.localPort)
            try client.send(bytes)
            let response = try client.expectResponse()
            #expect(response.status == status)
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test("a long request line is 414")
    func uriTooLong() throws {
        try expectRefusal(414, after: "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n")
    }

    @Test("a long header line is 431")
    func headerTooLong() throws {
        try expectRefusal(431, after: "GET / HTTP/1.1\r\nHost: t\r\nX: \(String(repeating: "a", count: 9000))\r\n\r\n")
    }

    @Test("too many header fields is 431")
    func tooManyHeaders() throws {
        let fields = (0..<101).map { "X-\($0): v\r\n" }.joined()
        try expectRefusal(431, after: "GET / HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
    }

    @Test("a declared body over the limit is 413 before it is read")
    func bodyTooLarge() throws {
        try expectRefusal(413, after: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1048577\r\n\r\n")
    }

    @Test("malformed framing is 400")
    func malformed() throws {
        try expectRefusal(400, after: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    @Test("slowloris: a header section trickling in past the deadline gets 408")
    func slowHeaders() throws {
        try TestServer.with({ $0.headerTimeout = .milliseconds(300) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET / HTTP/1.1\r\n")
            let started = Date()
            // Each byte resets no idle timer: the deadline counts from the first byte.
            var response: TestClient.Response?
            for _ in 0..<40 where response == nil {
                try? client.send("X")
                usleep(50_000)
                client.setReceiveTimeout(0.01)
                response = try? client.readResponse()
            }
            #expect(response?.status == 408)
            #expect(Date().timeIntervalSince(started) < 1.5)
        }
    }

    @Test("a body that stops arriving gets 408")
    func slowBody() throws {
        try TestServer.with({ $0.bodyTimeout = .milliseconds(300) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nab")
            let response = try client.expectResponse()
            #expect(response.status == 408)
            #expect(client.isClosedByServer())
        }
    }

    @Test("an idle keep-alive connection is closed silently")
    func idleClose() throws {
        try TestServer.with({ $0.idleTimeout = .milliseconds(200) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.expectResponse()
            #expect(try client.readResponse() == nil)
        }
    }

    @Test("a connection that never sends a byte is closed after the idle timeout")
    func silentClient() throws {
        try TestServer.with({ $0.idleTimeout = .milliseconds(200) }) { server in
            let client = try TestClient(port: server.localPort)
            #expect(client.readToEnd().isEmpty)
            #expect(eventually { server.openConnectionCount == 0 })
        }
    }

    @Test("a handler past its deadline: 503, and the late answer is dropped")
    func handlerDeadline() throws {
        try TestServer.with({ $0.handlerTimeout = .milliseconds(200) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /sleep?ms=600 HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.status == 503)
            #expect(client.isClosedByServer())
        }
    }

    @Test("a slow reader gets its whole response: idleness starts only after the last byte is written")
    func slowReaderNotCutByIdleTimeout() throws {
        // A high-water mark above the response keeps the connection in its reading state while
        // the output drains, which is where the idle deadline used to be armed.
        try TestServer.with({ $0.idleTimeout = .milliseconds(200); $0.outputHighWaterBytes = 64 << 20 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /bytes?n=16000000 HTTP/1.1\r\nHost: t\r\n\r\n")
            // Let the server fill the socket buffers and sit on the rest past the idle timeout.
            usleep(600_000)
            let response = try client.expectResponse()
            #expect(response.body.count == 16_000_000)
        }
    }

    @Test("a client that never reads its response is dropped after the write timeout")
    func writeStall() throws {
        try TestServer.with({ $0.writeTimeout = .milliseconds(300) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /bytes?n=64000000 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually(within: 5) { server.openConnectionCount == 0 })
            _ = client
        }
    }

    @Test("connections over the cap are answered 503 at once")
    func connectionCap() throws {
        try TestServer.with({ $0.maxConnections = 2 }) { server in
            let first = try TestClient(port: server.localPort)
            let second = try TestClient(port: server.localPort)
            #expect(eventually { server.openConnectionCount == 2 })
            let third = try TestClient(port: server.localPort)
            let refused = try third.expectResponse()
            #expect(refused.status == 503)
            try first.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.expectResponse().status == 200)
            _ = second
        }
    }

    @Test("lingering close: the client still reads our 413 while it keeps sending its body")
    func lingeringClose() throws {
        try TestServer.with({ $0.maxBodyBytes = 1000 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n")
            // Without lingering, unread input makes the kernel answer RST, which can destroy
            // the 413 before the client reads it.
            try? client.send([UInt8](repeating: 0x61, count: 600_000))
            let response = try client.expectResponse()
            #expect(response.status == 413)
        }
    }

    @Test("a client that resets mid-response leaves the server serving")
    func resetMidResponse() throws {
        try TestServer.with { server in
            for _ in 0..<5 {
                let client = try TestClient(port: server.localPort)
                try client.send("GET /bytes?n=8000000 HTTP/1.1\r\nHost: t\r\n\r\n")
                usleep(5_000)
                client.reset()
            }
            let healthy = try TestClient(port: server.localPort)
            try healthy.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try healthy.expectResponse().status == 200)
            #expect(eventually(within: 10) { server.openConnectionCount == 1 })
        }
    }

    @Test("1,000 sequential connections leave no connection or descriptor behind")
    func sequentialConnections() throws {
        try TestServer.with { server in
            for _ in 0..<1000 {
                let client = try TestClient(port: server.localPort)
                try client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                _ = try client.expectResponse()
                _ = client.readToEnd()
            }
            #expect(eventually { server.openConnectionCount == 0 })
        }
    }
}
