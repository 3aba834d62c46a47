import Foundation
import HTTPServer
import Logging
import TestSupport
import Testing

/// Graceful shutdown in process: in-flight requests finish with `Connection: close`.
@Suite("HTTP server: graceful shutdown")
struct ShutdownTests {
    @Test("shutdown answers the in-flight request with close, drops idle ones, stops accepting")
    func gracefulShutdown() throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = HTTPServer(configuration: TestServer.configuration(), logger: logger, handler: TestHandlers.standard)
        try server.start()
        let port = server.localPort
        let idle = try TestClient(port: port)
        try idle.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try idle.expectResponse()
        let busy = try TestClient(port: port)
        try busy.send("GET /sleep?ms=300 HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(50_000)
        let started = Date()
        server.shutdown()
        let response = try busy.expectResponse()
        #expect(response.text == "slept")
        #expect(response.header("Connection") == "close")
        #expect(try idle.readResponse() == nil)
        server.waitUntilStopped()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(server.openConnectionCount == 0)
        #expect(throws: (any Error).self) { _ = try TestClient(port: port) }
    }

    @Test("shutdown cuts connections still busy when the drain timeout ends")
    func drainTimeout() throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let configuration = TestServer.configuration { $0.shutdownTimeout = .milliseconds(200) }
        let server = HTTPServer(configuration: configuration, logger: logger, handler: TestHandlers.standard)
        try server.start()
        let busy = try TestClient(port: server.localPort)
        try busy.send("GET /sleep?ms=1500 HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(50_000)
        let started = Date()
        server.shutdown()
        server.waitUntilStopped()
        #expect(Date().timeIntervalSince(started) < 1.4)
        #expect(try busy.readResponse() == nil)
    }
}
