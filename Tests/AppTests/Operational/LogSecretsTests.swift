import Foundation
import TestSupport
import Testing

/// Passwords, bearer tokens and `Authorization` values never reach the log, in either format and
/// at the most verbose level, whatever the request does with them (registers, logs in, fails,
/// sends them twice, puts them in a malformed body).
@Suite("secrets stay out of the log", .serialized)
struct LogSecretsTests {
    /// Sends one request on its own connection; returns the status and the body.
    func send(_ server: ViperdProcess, _ head: String, body: String = "") throws -> (status: Int, text: String) {
        let client = try TestClient(port: server.port, receiveTimeout: TestClient.hashingTimeout)
        let length = body.isEmpty ? "" : "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        try client.send("\(head)\r\nHost: t\r\n\(length)\r\n\(body)")
        let response = try client.expectResponse()
        return (response.status, response.text)
    }

    @Test("no password, token or bearer value is logged", arguments: ["text", "json"])
    func noSecrets(format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-secrets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ViperdProcess(["--db", folder.appendingPathComponent("db.sqlite").path, "--log-format", format, "--log-level", "trace"])
        let password = "pw-\(UUID().uuidString)"
        let wrong = "wrong-\(UUID().uuidString)"
        let inBrokenBody = "broken-\(UUID().uuidString)"
        let forged = "forged\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"

        let registered = try send(server, "POST /v1/users HTTP/1.1", body: #"{"name":"Ops","email":"ops@example.com","password":"\#(password)"}"#)
        #expect(registered.status == 202)
        let signedIn = try send(server, "POST /v1/sessions HTTP/1.1", body: #"{"email":"ops@example.com","password":"\#(password)"}"#)
        #expect(signedIn.status == 201)
        let token = try #require((try JSONSerialization.jsonObject(with: Data(signedIn.text.utf8)) as? [String: Any])?["token"] as? String)
        #expect(try send(server, "POST /v1/sessions HTTP/1.1", body: #"{"email":"ops@example.com","password":"\#(wrong)"}"#).status == 401)
        #expect(try send(server, "POST /v1/sessions HTTP/1.1", body: #"{"email":"ops@example.com","password":"\#(inBrokenBody)""#).status == 400)
        #expect(try send(server, "GET /v1/me HTTP/1.1\r\nAuthorization: Bearer \(token)").status == 200)
        #expect(try send(server, "GET /v1/me HTTP/1.1\r\nAuthorization: Bearer \(forged)").status == 401)
        #expect(try send(server, "GET /v1/me HTTP/1.1\r\nAuthorization: Bearer \(token)\r\nAuthorization: Bearer \(forged)").status == 400)
        #expect(try send(server, "GET /v1/me HTTP/1.1\r\nAuthorization: Basic \(forged)").status == 401)
        #expect(try send(server, "DELETE /v1/sessions/current HTTP/1.1\r\nAuthorization: Bearer \(token)").status == 204)
        #expect(server.stop() == 0)

        let log = server.log
        // The log is not empty: the requests above were logged (so the absence below means something).
        #expect(log.contains("/v1/sessions") && log.contains("/v1/me"), "\(log)")
        for secret in [password, wrong, inBrokenBody, token, forged] {
            #expect(!log.contains(secret), "a secret reached the \(format) log:\n\(log)")
        }
        #expect(!log.contains("Bearer") && !log.contains("Basic "), "an Authorization value reached the \(format) log:\n\(log)")
    }
}
