import App
import Domain
import Foundation
import Logging
import Migrations
import PostgresGateway
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

/// `Storage` opens either database the same way: what the server and every operator command get.
@Suite("storage")
struct StorageTests {
    @Test("the storage log names a database error, but not a write's own refusal: a quota reached, funds short")
    func loggingLeavesRefusalsOut() {
        let log = LogRecorder()
        let handler = Storage.logging(to: log.logger)
        handler(GatewayError.quotaExceeded(QuotaExceeded(kind: .contacts, limit: 3)))
        handler(TransferSteps.InsufficientFunds())
        #expect(log.entries.isEmpty)
        handler(GatewayError.failure("disk full"))
        #expect(log.entries.map(\.level) == [.error])
    }

    @Test("an SQLite location opens the file, migrates it, and names SQLite's version and the path")
    func sqlite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let storage = try Storage.forCommand(.sqlite(path: path))
        #expect(storage.sqliteDatabase != nil)
        #expect(storage.gateway is SQLiteEntityGateway)
        #expect(try storage.migrator().pending().isEmpty)
        #expect(storage.startupDescription == "SQLite \(SQLiteGateway.libraryVersion) at \(path)")
        #expect(storage.gateway.isAvailable())
        try storage.close()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a PostgreSQL location opens a pool, migrates it, counts its calls and logs libpq's version without the password")
    func postgres() throws {
        let url = try TestPostgresDatabase.create(prefix: "storage")
        let storage = try Storage(.postgres(url: url.replacingOccurrences(of: "://viperd@", with: "://viperd:s3cret@")), connections: 3)
        #expect(storage.sqliteDatabase == nil)
        #expect(storage.gateway is PostgresEntityGateway)
        #expect(try storage.migrator().pending().count == Migration.embedded(.postgres).count)
        #expect(try storage.migrator().migrate().count == Migration.embedded(.postgres).count)
        #expect(try storage.migrator().pending().isEmpty)
        #expect(storage.gateway.isAvailable())
        #expect(storage.statistics.queries > 0)
        #expect(storage.startupDescription.hasPrefix("PostgreSQL (libpq \(BuildInfo.libpqVersion), pool of 3) at "))
        #expect(storage.startupDescription.contains("viperd:***@"))
        #expect(!storage.startupDescription.contains("s3cret"))
        try storage.close()
    }

    @Test("an unreachable PostgreSQL server fails at opening, with libpq's reason")
    func unreachable() throws {
        let error = #expect(throws: PostgresError.self) {
            try Storage(.postgres(url: "postgresql://viperd@127.0.0.1:1/viperd?connect_timeout=2"), connections: 1)
        }
        #expect(error?.message.isEmpty == false)
    }
}
