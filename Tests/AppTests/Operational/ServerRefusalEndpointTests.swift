import App
import Foundation
import HTTPServer
import TestSupport
import Testing

/// The HTTP layer's own refusals as a client of the composed application sees them: problem
/// documents with their own code, worded like every other error.
@Suite("server refusals, end to end")
struct ServerRefusalEndpointTests {
    @Test("a connection past the per-address cap answers 503 address_at_capacity with Retry-After")
    func addressAtCapacity() throws {
        let app = try TestApplication { $0.server.maxConnectionsPerAddress = 2 }
        #expect(eventually { app.application.server.openConnectionCount == 0 })
        let first = try TestClient(port: app.port)
        let second = try TestClient(port: app.port)
        #expect(eventually { app.application.server.openConnectionCount == 2 })
        let third = try TestClient(port: app.port)
        let refused = try third.expectResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(refused.header("Retry-After") == "1")
        let problem = TestApplication.object(refused)
        #expect(problem["code"] as? String == "address_at_capacity")
        #expect(problem["title"] as? String == "Service unavailable")
        _ = (first, second)
    }

    @Test("a body over the limit is refused in French when the head asks for French")
    func refusalInFrench() throws {
        let app = try TestApplication { $0.server.maxBodyBytes = 1024 }
        let client = try TestClient(port: app.port)
        try client.send("POST /v1/contacts HTTP/1.1\r\nHost: t\r\nAccept-Language: fr\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
        let refused = try client.expectResponse()
        #expect(refused.status == 413)
        #expect(refused.header("Content-Language") == "fr")
        let problem = TestApplication.object(refused)
        #expect(problem["code"] as? String == "body_too_large")
        #expect(problem["title"] as? String == "Corps de requête trop volumineux")
    }
}
