import Foundation
import HTTPServer
import TestSupport
import Testing

/// A response to HEAD never has content, whatever its status and whoever decided it (RFC 9110
/// §9.3.2): a body would be read by the client as the start of the next response.
@Suite("HTTP server: HEAD responses")
struct HeadResponseTests {
    @Test("a refusal the server decides for a HEAD request carries no content", arguments: [
        "HEAD / HTTP/1.1\r\nHost: a b\r\n\r\n",
        "HEAD / HTTP/1.1\r\n\r\n",
        "HEAD / HTTP/1.1\r\nHost: t\r\nContent-Length: 1048577\r\n\r\n",
    ])
    func serverRefusal(request: String) throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send(request)
            let response = try client.expectResponse(headRequest: true)
            #expect(response.status >= 400)
            #expect(response.header("Connection") == "close")
            #expect(client.readToEnd().isEmpty, "no byte may follow the head of a HEAD response")
        }
    }

    @Test("a HEAD request refused past the handler deadline carries no content")
    func handlerTimeout() throws {
        try TestServer.with({ $0.handlerTimeout = .milliseconds(100) }) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("HEAD /sleep?ms=400 HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.expectResponse(headRequest: true)
            #expect(response.status == 503)
            #expect(client.readToEnd().isEmpty)
        }
    }

    @Test("a handler's error answer to HEAD carries no content and the connection stays in sync", arguments: [404, 500, 503])
    func handlerError(status: Int) throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("HEAD /status?code=\(status) HTTP/1.1\r\nHost: t\r\n\r\nGET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.expectResponse(headRequest: true)
            #expect(head.status == status)
            #expect(head.header("Content-Length") == "11")
            #expect(try client.expectResponse().text == "GET /next")
        }
    }

    @Test("an unknown method is 501 over the socket, and a known one reaches the handler")
    func unknownMethod() throws {
        try TestServer.with { server in
            let client = try TestClient(port: server.localPort)
            try client.send("PATCH /x HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.expectResponse().text == "PATCH /x")
            try client.send("FOO /health HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try client.expectResponse()
            #expect(refused.status == 501)
            #expect(client.isClosedByServer())
        }
    }
}
