import Foundation
import TestSupport
import Testing

/// `viperd user create`, `viperd token create|revoke` against a database a server then uses.
@Suite("operator account commands", .serialized)
struct AccountCommandsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-cli-\(UUID().uuidString)")
    var db: String { folder.appendingPathComponent("db.sqlite").path }

    @Test("a user created from the CLI gets a token that the server accepts until it is revoked")
    func createUserAndToken() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try ViperdProcess.run(["user", "create", "--db", db, "--email", "Ops@Example.com", "--name", "Ops"], input: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.hasPrefix("u_"))
        let issued = try ViperdProcess.run(["token", "create", "--db", db, "--email", "ops@example.com"])
        #expect(issued.status == 0, "\(issued.output)")
        let token = issued.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 43)

        let server = try ViperdProcess(["--db", db])
        func me() throws -> Int {
            let client = try TestClient(port: server.port)
            try client.send("GET /v1/me HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n\r\n")
            return try client.expectResponse().status
        }
        #expect(try me() == 200)
        let revoked = try ViperdProcess.run(["token", "revoke", "--db", db, token])
        #expect(revoked.output.contains("revoked"))
        // Another process revoked it: the server's one-second cache is the most it can lag.
        #expect(eventually(within: 3) { (try? me()) == 401 })
        #expect(server.stop() == 0)
    }

    @Test("the CLI refuses a weak password, a taken email, an unknown user and a junk token, each with a message")
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let weak = try ViperdProcess.run(["user", "create", "--db", db, "--email", "a@example.com", "--name", "A"], input: "short\n")
        #expect(weak.status != 0)
        #expect(weak.output.contains("at least 10 characters"))
        _ = try ViperdProcess.run(["user", "create", "--db", db, "--email", "a@example.com", "--name", "A"], input: "long enough password\n")
        let taken = try ViperdProcess.run(["user", "create", "--db", db, "--email", "A@example.com", "--name", "A"], input: "long enough password\n")
        #expect(taken.status != 0)
        #expect(taken.output.contains("already exists"))
        let unknown = try ViperdProcess.run(["token", "create", "--db", db, "--email", "nobody@example.com"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("no user"))
        let junk = try ViperdProcess.run(["token", "revoke", "--db", db, "junk"])
        #expect(junk.status != 0)
        let all = try ViperdProcess.run(["token", "revoke", "--db", db, "--all", "--email", "a@example.com"])
        #expect(all.output.contains("revoked 1 token"))
    }

    @Test("migrate --status lists every migration as applied after migrate")
    func migrateStatus() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try ViperdProcess.run(["migrate", "--db", db, "--status"])
        #expect(none.output.contains("no database"))
        let applied = try ViperdProcess.run(["migrate", "--db", db])
        #expect(applied.output.contains("applied 0001_create_contacts.sql"))
        let status = try ViperdProcess.run(["migrate", "--db", db, "--status"])
        #expect(status.output.contains("applied  0002_create_users_and_sessions.sql"))
        #expect(try ViperdProcess.run(["migrate", "--db", db]).output.contains("up to date"))
    }
}
