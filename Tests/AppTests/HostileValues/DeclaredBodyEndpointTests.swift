import Foundation
import TestSupport
import Testing

/// A Content-Length is a claim, not bytes: the server must not reserve what a client only
/// announces (a limit raised above the machine's memory once made that an abort).
@Suite("declared bodies, as a process", .serialized)
struct DeclaredBodyEndpointTests {
    @Test("a 1 TiB Content-Length under a 1 TiB limit, never sent, reserves nothing: the process keeps serving")
    func hugeDeclaredBody() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-declared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ViperdProcess(["--db", folder.appendingPathComponent("db.sqlite").path, "--max-body-bytes", "1099511627776"])
        var held: [TestClient] = []
        for _ in 0..<8 {
            let client = try TestClient(port: server.port)
            try client.send("POST /v1/users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1099511627776\r\n\r\n{")
            held.append(client)
        }
        usleep(300_000)
        let probe = try TestClient(port: server.port)
        try probe.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try probe.expectResponse().status == 200, "the server died: \(server.log)")
        held.removeAll()
        #expect(server.stop() == 0)
    }
}
