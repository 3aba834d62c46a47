import Foundation
import HTTPServer
import TestSupport
import Testing

/// What the error responder learns of a refused request: its header fields once its header
/// section was read (so the application can answer in the language asked for), none before.
@Suite("HTTP server: the refused request's header fields")
struct RefusalHeadersTests {
    /// Answers with the refused request's `Accept-Language`, or `none` when no head was read.
    static let echoLanguage: HTTPServer.ErrorResponder = { refusal in
        HTTPResponse(status: refusal.error.status, body: Array((refusal.headers?["Accept-Language"] ?? "none").utf8))
    }

    @Test("a body too large: the responder gets the head's fields")
    func bodyTooLarge() throws {
        try TestServer.with({ $0.maxBodyBytes = 16 }, errorResponder: Self.echoLanguage) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nAccept-Language: fr\r\nContent-Length: 1000\r\n\r\n")
            let refused = try client.expectResponse()
            #expect(refused.status == 413)
            #expect(refused.text == "fr")
        }
    }

    @Test("a handler past its deadline: the responder gets the dispatched request's fields")
    func handlerTimeout() throws {
        try TestServer.with({ $0.handlerTimeout = .milliseconds(200) }, errorResponder: Self.echoLanguage) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET /sleep?ms=600 HTTP/1.1\r\nHost: t\r\nAccept-Language: fr-CA\r\n\r\n")
            let refused = try client.expectResponse()
            #expect(refused.status == 503)
            #expect(refused.text == "fr-CA")
        }
    }

    @Test("a broken request line: no head was read, so no fields")
    func brokenHead() throws {
        try TestServer.with(errorResponder: Self.echoLanguage) { server in
            let client = try TestClient(port: server.localPort)
            try client.send("GET  / HTTP/1.1\r\nHost: t\r\nAccept-Language: fr\r\n\r\n")
            let refused = try client.expectResponse()
            #expect(refused.status == 400)
            #expect(refused.text == "none")
        }
    }
}
