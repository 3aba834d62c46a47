import Foundation
import TestSupport
import Testing

/// Every `viperd` command on PostgreSQL (`--database-url` / `VIPERD_DATABASE_URL`), as the real
/// binary, against a fresh database on the tests' server.
@Suite("operator commands on PostgreSQL", .serialized)
struct PostgresCommandsTests {
    /// What a command printed last: its answer, after any notice the server sent on stderr.
    static func lastLine(_ output: String) -> String {
        output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    @Test("every command given both --db and --database-url refuses with one message and exit 64")
    func bothGiven() throws {
        let both = ["--db", "/tmp/viperd-never.sqlite", "--database-url", "postgres://viperd@localhost/viperd"]
        for command in [["migrate"], ["migrate", "--status"], ["user", "create", "--email", "a@example.com", "--name", "A"], ["token", "create", "--email", "a@example.com"],
            ["seed-demo"], ["seed-bench"], ["import-transactions", "--account", "a_x", "/tmp/none.json"], ["backup", "/tmp/viperd-never-backup.sqlite"], ["verify-ledger"], ["serve"]]
        {
            let run = try ViperdProcess.run(command + both, input: "")
            #expect(run.status == 64, "\(command): \(run.output)")
            #expect(run.output.contains("choose one"), "\(command): \(run.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/viperd-never.sqlite"))
    }

    @Test("backup on PostgreSQL (here from VIPERD_DATABASE_URL) refuses and points to pg_dump, without the password")
    func backupRefused() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-pg-backup-\(UUID().uuidString).sqlite").path
        let run = try ViperdProcess.run(["backup", out], environment: ["VIPERD_DATABASE_URL": "postgres://viperd:s3cret@localhost/viperd", "VIPERD_DB": ""])
        #expect(run.status == 1)
        #expect(run.output.contains("pg_dump"))
        #expect(!run.output.contains("s3cret"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("migrate, migrate --status, user, token, seed-demo, import-transactions and seed-bench all work on PostgreSQL")
    func everyCommand() throws {
        let url = try TestPostgresDatabase.create(prefix: "cli")
        let database = ["--database-url", url]
        let status = try ViperdProcess.run(["migrate", "--status"] + database)
        #expect(status.status == 3, "nothing applied yet: \(status.output)")
        let migrated = try ViperdProcess.run(["migrate"] + database)
        #expect(migrated.status == 0, "\(migrated.output)")
        #expect(migrated.output.contains("applied 0001_create_contacts.sql"))
        let applied = try ViperdProcess.run(["migrate", "--status"] + database)
        #expect(applied.status == 0, "\(applied.output)")
        #expect(applied.output.contains("applied  0001_create_contacts.sql"))

        // The variable works as the flag does.
        let created = try ViperdProcess.run(
            ["user", "create", "--email", "ops@example.com", "--name", "Ops"], environment: ["VIPERD_DATABASE_URL": url], input: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(Self.lastLine(created.output).hasPrefix("u_"))
        let issued = try ViperdProcess.run(["token", "create", "--email", "ops@example.com"] + database)
        #expect(issued.status == 0, "\(issued.output)")
        let token = Self.lastLine(issued.output)
        #expect(token.count == 43)
        let revoked = try ViperdProcess.run(["token", "revoke", token] + database)
        #expect(revoked.output.contains("revoked"), "\(revoked.output)")

        let demo = try ViperdProcess.run(["seed-demo"] + database)
        #expect(demo.status == 0, "\(demo.output)")
        let account = try #require(demo.output.split(separator: "\n").first { $0.hasPrefix("account:") }?.split(separator: " ").last.map(String.init))
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-pg-cli-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"12.34","debit":"C"}]"#.utf8).write(to: feed)
        let imported = try ViperdProcess.run(["import-transactions", "--account", account, feed.path] + database)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("imported 1 transaction"))

        let bench = try ViperdProcess.run(["seed-bench", "--contacts", "20", "--orders", "2"] + database, timeout: 60)
        #expect(bench.status == 0, "\(bench.output)")
        #expect(bench.output.contains("seeded 1 user, 20 contacts and 2 orders"))
    }

    @Test("serve on PostgreSQL logs libpq's version and the URL without its password, and answers ready")
    func serve() throws {
        let url = try TestPostgresDatabase.create(prefix: "serve")
        // The tests' server trusts local connections, so the password is never checked: only its
        // absence from the log matters here.
        let withPassword = url.replacingOccurrences(of: "://viperd@", with: "://viperd:s3cret@")
        try #require(withPassword != url, "the test server's URL names user viperd: \(url)")
        let server = try ViperdProcess(["--database-url", withPassword])
        let client = try TestClient(port: server.port)
        try client.send("GET /health/ready HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.expectResponse().status == 200)
        #expect(server.log.contains("PostgreSQL (libpq "), "\(server.log)")
        #expect(server.log.contains("viperd:***@"), "\(server.log)")
        #expect(!server.log.contains("s3cret"))
        #expect(server.stop() == 0)
    }
}
