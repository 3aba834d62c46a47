import Foundation
import HTTPServer
import TestSupport
import Testing

/// Keep-alive, pipelining and message boundaries over a real loopback socket.
@Suite("HTTP server: connections and framing")
struct KeepAliveTests {
    @Test("two requests on one connection both succeed and the connection stays open")
    func keepAlive() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try client.expectResponse()
            try client.send("GET /b HTTP/1.1\r\nHost: t\r\n\r\n")
            let second = try client.expectResponse()
            #expect(first.text == "GET /a")
            #expect(second.text == "GET /b")
            #expect(first.header("Connection") == nil)
        }
    }

    @Test("pipelined requests are answered in request order")
    func pipelining() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            // The first is slow, so an out-of-order server would answer the others first.
            try client.send("GET /sleep?ms=100 HTTP/1.1\r\nHost: t\r\n\r\nGET /two HTTP/1.1\r\nHost: t\r\n\r\nGET /three HTTP/1.1\r\nHost: t\r\n\r\n")
            let bodies = try (0..<3).map { _ in try client.expectResponse().text }
            #expect(bodies == ["slept", "GET /two", "GET /three"])
        }
    }

    @Test("a client that hangs up behind a busy request, leaving the next one unfinished, is closed at once, not at the body deadline")
    func hangUpWhileHandling() throws {
        try TestServer.with({ $0.bodyTimeout = .seconds(10) }) { server in
            let client = try TestClient(port: server.localPort, receiveTimeout: 10)
            try client.send("GET /sleep?ms=300 HTTP/1.1\r\nHost: t\r\n\r\n")
            // Sent while the server is not reading (the first request is being handled), so the
            // bytes and the end of the stream are raised by edges the server only reads later.
            usleep(100_000)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nabc")
            client.shutdownWrite()
            let started = ContinuousClock.now
            let answer = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(ContinuousClock.now - started < .seconds(3), "closed only at a deadline")
            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, for the finished request: \(answer)")
        }
    }

    @Test("a Content-Length body ends exactly where the next request begins")
    func bodyBoundaries() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\nGET /x HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "GET /x HTTP")
            try client.send("/1.1\r\nHost: t\r\n\r\n")
            // What followed the 11 body bytes is a request of its own: "/1.1" is no method.
            let next = try client.expectResponse()
            #expect(next.status == 400)
            #expect(next.header("Connection") == "close")
        }
    }

    @Test("a chunked body sent in pieces arrives whole, trailers included")
    func chunkedBody() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel")
            usleep(20_000)
            try client.send("lo\r\n7;ext=1\r\n, world\r\n0\r\nX-Sum: 42\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.text == "hello, world")
            #expect(response.header("X-Trailer-X-Sum") == "42")
            try client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "GET /after")
        }
    }

    @Test("HEAD gets the GET's headers and no body, and the connection stays in sync")
    func head() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("HEAD /bytes?n=1000 HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse(headRequest: true)
            #expect(response.header("Content-Length") == "1000")
            try client.send("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "GET /next")
        }
    }

    @Test("204 and 304 carry neither body nor Content-Length")
    func noContent() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            for code in [204, 304] {
                try client.send("GET /status?code=\(code) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try client.expectResponse()
                #expect(response.status == code)
                #expect(response.header("Content-Length") == nil)
            }
            try client.send("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "GET /next")
        }
    }

    @Test("every response has Date, Server, Content-Length and a request id")
    func standardHeaders() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Request-ID: abc-123\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\nX-Request-ID: bad id!\r\n\r\n")
            let echoed = try client.expectResponse()
            let replaced = try client.expectResponse()
            #expect(echoed.header("X-Request-ID") == "abc-123")
            #expect(replaced.header("X-Request-ID").map { $0 != "bad id!" && !$0.isEmpty } == true)
            #expect(echoed.header("Server") == "viperd")
            #expect(echoed.header("Content-Length") == "5")
            #expect(echoed.header("Date")?.hasSuffix(" GMT") == true)
        }
    }

    @Test("a handler's header with CR LF is never written: no response splitting")
    func noResponseSplitting() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /split HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.header("Set-Cookie") == nil)
            #expect(response.header("X-Evil") == nil)
        }
    }

    @Test("HTTP/1.0 closes by default and keeps alive when asked")
    func http10() throws {
        try TestServer.with { server in
            let closing = try TestClient(port: server.localPort)
            try closing.send("GET / HTTP/1.0\r\n\r\n")
            #expect(try closing.expectResponse().header("Connection") == "close")
            #expect(closing.isClosedByServer())

            let keeping = try TestClient(port: server.localPort)
            try keeping.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try keeping.expectResponse().header("Connection") == "keep-alive")
            try keeping.send("GET /again HTTP/1.0\r\n\r\n")
            #expect(try keeping.expectResponse().text == "GET /again")
        }
    }

    @Test("Connection: close is honoured: response, then the server closes")
    func connectionClose() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\nGET /ignored HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().header("Connection") == "close")
            #expect(try client.readResponse() == nil)
        }
    }

    @Test("after the per-connection request limit the last response says close")
    func requestsPerConnection() throws {
        try TestServer.with({ $0.maxRequestsPerConnection = 3 }) { server in
            let client = try TestClient(port: server.localPort)
            for index in 1...3 {
                try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try client.expectResponse()
                #expect(response.header("Connection") == (index == 3 ? "close" : nil))
            }
            #expect(client.isClosedByServer())
        }
    }

    @Test("100-continue: the interim response comes before the body is sent")
    func expectContinue() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            let interim = try client.expectResponse()
            #expect(interim.status == 100)
            try client.send("data")
            #expect(try client.expectResponse().text == "data")
        }
    }

    @Test("100-continue with a body that is too large: 413 and no 100")
    func expectContinueTooLarge() throws {
        try TestServer.with({ $0.maxBodyBytes = 100 }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 101\r\n\r\n")
            let response = try client.expectResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
        }
    }

    @Test("many pipelined large responses all arrive, in order, to a client that reads late")
    func backpressure() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            let requests = (0..<40).map { "GET /bytes?n=\(65536 + $0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
            try client.send(requests)
            usleep(200_000)
            for index in 0..<40 {
                #expect(try client.expectResponse().body.count == 65536 + index)
            }
        }
    }
}
