import App
import Foundation
import SQLiteGateway
import TestSupport
import Testing

/// `viperd --version`, `migrate --status`'s exit codes, `backup`, `seed-bench`'s other users, and what a clean stop leaves on disk.
@Suite("operator maintenance commands", .serialized)
struct MaintenanceCommandsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-maintenance-\(UUID().uuidString)")
    var db: String { folder.appendingPathComponent("db.sqlite").path }

    /// Table names of the database file at `path`, opened read-only on its own.
    static func tables(at path: String) throws -> [String] {
        let connection = try SQLiteConnection(path: path, mode: .reader, configuration: DatabaseConfiguration(path: path))
        return try connection.statement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").rows { $0.string(at: 0) ?? "" }
    }

    static func register(port: Int, email: String) throws -> Int {
        let client = try TestClient(port: port, receiveTimeout: TestClient.hashingTimeout)
        let body = #"{"name":"Ops","email":"\#(email)","password":"a long enough password"}"#
        try client.send("POST /v1/users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try client.expectResponse().status
    }

    @Test("--version prints the version and the linked SQLite's and libpq's versions")
    func version() throws {
        let result = try ViperdProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("viperd "))
        #expect(result.output.contains("(SQLite \(SQLiteGateway.libraryVersion), libpq "), "\(result.output)")
        #expect(result.output.contains(BuildInfo.libpqVersion), "\(result.output)")
    }

    @Test("migrate --status exits 4 and creates nothing when there is no database")
    func statusWithoutDatabase() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ViperdProcess.run(["migrate", "--status", "--db", db])
        #expect(result.status == 4, "\(result.output)")
        #expect(result.output.contains("no database at \(db)"))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("migrate --status exits 3 while a migration is pending or missing, and 0 once all are applied")
    func statusExitCodes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A database file with no migrations applied yet: everything pending.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Database(configuration: DatabaseConfiguration(path: db, readerCount: 1))
        let pending = try ViperdProcess.run(["migrate", "--status", "--db", db])
        #expect(pending.status == 3, "\(pending.output)")
        #expect(pending.output.contains("pending  0001_create_contacts.sql"))

        #expect(try ViperdProcess.run(["migrate", "--db", db]).status == 0)
        let applied = try ViperdProcess.run(["migrate", "--status", "--db", db])
        #expect(applied.status == 0, "\(applied.output)")

        // A migration this binary does not know was applied (a newer release ran here).
        let database = try Database(configuration: DatabaseConfiguration(path: db, readerCount: 1))
        try database.write {
            try $0.execute("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, '9999_future.sql', 'x', '2026-01-01T00:00:00Z')")
        }
        try database.checkpoint()
        let missing = try ViperdProcess.run(["migrate", "--status", "--db", db])
        #expect(missing.status == 3, "\(missing.output)")
        #expect(missing.output.contains("missing  9999_future.sql"))
    }

    @Test("an out-of-range option prints the subcommand's own usage")
    func rangeErrorsShowSubcommandUsage() throws {
        let serve = try ViperdProcess.run(["serve", "--port", "70000"])
        #expect(serve.status != 0)
        #expect(serve.output.contains("--port"), "\(serve.output)")
        #expect(serve.output.contains("Usage: viperd serve"), "\(serve.output)")
        let seed = try ViperdProcess.run(["seed-bench", "--db", db, "--contacts", "-5"])
        #expect(seed.status != 0)
        #expect(seed.output.contains("Usage: viperd seed-bench"), "\(seed.output)")
    }

    @Test("seed-bench --users writes verified, signed-in users, each token answering as its own user")
    func seedBenchUsers() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let usersFile = folder.appendingPathComponent("users.txt").path
        let seed = try ViperdProcess.run(["seed-bench", "--db", db, "--contacts", "0", "--users", "3", "--users-file", usersFile], timeout: 60)
        #expect(seed.status == 0, "\(seed.output)")
        #expect(seed.output.contains("seeded 1 user, 0 contacts and 0 orders (and 3 other users)"), "\(seed.output)")
        let lines = try String(contentsOfFile: usersFile, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.map(\.count) == [3, 3, 3])
        #expect(lines.map { $0[0] } == ["holder-1@example.com", "holder-2@example.com", "holder-3@example.com"])
        #expect(Set(lines.map { $0[1] }).count == 3 && Set(lines.map { $0[2] }).count == 3)

        let server = try ViperdProcess(["--db", db])
        for line in lines {
            let client = try TestClient(port: server.port)
            try client.send("GET /v1/me HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(line[1])\r\n\r\n")
            let me = try client.expectResponse()
            #expect(me.status == 200, "\(me.text)")
            #expect(me.text.contains(#""email":"\#(line[0])""#) && me.text.contains(#""emailVerified":true"#), "\(me.text)")
        }
        #expect(server.stop() == 0)
    }

    @Test("after a clean stop, the .sqlite file alone, copied elsewhere, opens with every table and row")
    func checkpointAtExit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ViperdProcess(["--db", db])
        #expect(try Self.register(port: server.port, email: "ops@example.com") == 202)
        #expect(server.stop() == 0)
        #expect(server.log.contains("viperd stopped"))

        let alone = folder.appendingPathComponent("elsewhere/only.sqlite")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: db, toPath: alone.path)
        let tables = try Self.tables(at: alone.path)
        for table in ["contacts", "schema_migrations", "sessions", "users"] {
            #expect(tables.contains(table), "\(table) missing from the .sqlite file alone: \(tables)")
        }
        let connection = try SQLiteConnection(path: alone.path, mode: .reader, configuration: DatabaseConfiguration(path: alone.path))
        #expect(try connection.statement("SELECT claimed_email FROM users").rows { $0.string(at: 0) } == ["ops@example.com"])
    }

    @Test("backup copies the database of a running server; an unwritable destination fails with a message")
    func backupWhileServing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ViperdProcess(["--db", db])
        #expect(try Self.register(port: server.port, email: "first@example.com") == 202)
        let out = folder.appendingPathComponent("backups/viperd.sqlite").path
        try FileManager.default.createDirectory(atPath: (out as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        let backup = try ViperdProcess.run(["backup", "--db", db, out])
        #expect(backup.status == 0, "\(backup.output)")
        #expect(backup.output.contains("integrity ok"))
        #expect(try Self.register(port: server.port, email: "second@example.com") == 202)
        let connection = try SQLiteConnection(path: out, mode: .reader, configuration: DatabaseConfiguration(path: out))
        #expect(try connection.statement("SELECT claimed_email FROM users").rows { $0.string(at: 0) } == ["first@example.com"])

        let refused = try ViperdProcess.run(["backup", "--db", db, folder.appendingPathComponent("nowhere/x.sqlite").path])
        #expect(refused.status == 1)
        #expect(refused.output.contains("does not exist"), "\(refused.output)")
        #expect(server.stop() == 0)
    }
}
