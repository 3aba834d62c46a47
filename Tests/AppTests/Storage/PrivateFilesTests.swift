import Foundation
import TestSupport
import Testing

/// What viperd writes to disk is its user's alone, whatever umask it was started with.
@Suite("private files")
struct PrivateFilesTests {
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test("a new data folder is 0700; the database, its -wal and -shm files and a backup are 0600, under a umask of 022")
    func ownerOnly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let folder = root.appendingPathComponent("data/nested")
        let database = folder.appendingPathComponent("viperd.sqlite").path
        let server = try ViperdProcess(["--db", database, "--metrics-address", "off"], shellPrefix: "umask 022")
        let client = try TestClient(port: server.port, receiveTimeout: TestClient.hashingTimeout)
        let body = #"{"name":"Files","email":"files@example.com","password":"a long enough password"}"#
        try client.send("POST /v1/users HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(try client.expectResponse().status == 202)

        #expect(try Self.mode(root.appendingPathComponent("data").path) == 0o700)
        #expect(try Self.mode(folder.path) == 0o700)
        for file in [database, database + "-wal", database + "-shm"] {
            #expect(try Self.mode(file) == 0o600, "\(file)")
        }
        let backup = root.appendingPathComponent("backup.sqlite").path
        let (status, output) = try ViperdProcess.run(["backup", "--db", database, backup])
        #expect(status == 0, "\(output)")
        #expect(try Self.mode(backup) == 0o600)
        _ = server
    }
}
