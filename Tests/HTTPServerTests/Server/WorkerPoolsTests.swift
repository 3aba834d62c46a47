import Dispatch
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Safe methods and the others run on separate worker pools, so neither waits for the other.
@Suite("HTTP server: read and write workers")
struct WorkerPoolsTests {
    /// `/block` holds its worker until the test lets it go; anything else answers at once.
    private final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        var handler: HTTPServer.Handler {
            { [self] request in
                if request.path == "/block" {
                    entered.signal()
                    _ = release.wait(timeout: .now() + 10)
                }
                return HTTPResponse(status: .ok, body: Array("\(request.method) \(request.path)".utf8))
            }
        }
    }

    private func oneWorkerEach(_ configuration: inout HTTPServerConfiguration) {
        configuration.workerCount = 1
        configuration.writeWorkerCount = 1
    }

    @Test(
        "a request is answered while every worker of the other pool is busy",
        arguments: [
            (busy: "POST /block HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", passing: "GET"),
            (busy: "GET /block HTTP/1.1\r\nHost: t\r\n\r\n", passing: "DELETE"),
        ])
    func requestPassesTheOtherPool(busy: String, passing: String) throws {
        let gate = Gate()
        try TestServer.with(oneWorkerEach, handler: gate.handler) { server in
            let blocked = try TestClient(port: server.localPort)
            try blocked.send(busy)
            #expect(gate.entered.wait(timeout: .now() + 5) == .success)
            let other = try TestClient(port: server.localPort, receiveTimeout: 3)
            try other.send("\(passing) /x HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.expectResponse().text == "\(passing) /x")
            gate.release.signal()
            #expect(try blocked.expectResponse().text == "\(busy.prefix { $0 != " " }) /block")
        }
    }

    @Test("a loop path is answered while every worker is busy; other paths still wait for one")
    func loopPathPassesBusyWorkers() throws {
        let gate = Gate()
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.workerCount = 1
            configuration.eventLoopCount = 1
            configuration.loopPaths = ["/live"]
        }
        try TestServer.with(configure, handler: gate.handler) { server in
            let blocked = try TestClient(port: server.localPort)
            try blocked.send("GET /block HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(gate.entered.wait(timeout: .now() + 5) == .success)
            let probe = try TestClient(port: server.localPort, receiveTimeout: 3)
            // Pipelined: each answered in order, on the loop, with the connection kept open.
            try probe.send("GET /live HTTP/1.1\r\nHost: t\r\n\r\nHEAD /live HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try probe.expectResponse().text == "GET /live")
            #expect(try probe.expectResponse(headRequest: true).status == 200)
            let waiting = try TestClient(port: server.localPort, receiveTimeout: 0.5)
            try waiting.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect((try? waiting.readResponse()) == nil, "a path not listed must wait for the busy worker")
            gate.release.signal()
            #expect(try blocked.expectResponse().text == "GET /block")
        }
    }

    @Test("the safe methods of RFC 9110 are the ones run as reads")
    func safeMethods() {
        let safe: [HTTPMethod] = [.get, .head, .options, .trace, .query]
        let unsafe: [HTTPMethod] = [.post, .put, .patch, .delete, .connect]
        #expect(safe.filter { !$0.isSafe } == [])
        #expect(unsafe.filter(\.isSafe) == [])
    }
}
