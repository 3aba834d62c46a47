import Domain
import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
@testable import SQLiteGateway

/// A database in a fresh folder under the temporary directory, removed with this value.
final class TemporaryDatabase {
    let folder: URL
    let database: Database

    /// Opens it (the folder does not exist yet, so opening creates it) and, unless told
    /// otherwise, applies the real embedded migrations.
    init(migrated: Bool = true, readerCount: Int = 4, synchronous: DatabaseConfiguration.Synchronous = .off, groupCommit: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-sqlite-tests-\(UUID().uuidString)")
        let configuration = DatabaseConfiguration(
            path: folder.appendingPathComponent("test.sqlite").path, readerCount: readerCount, synchronous: synchronous, groupCommit: groupCommit)
        do {
            database = try Database(configuration: configuration)
            if migrated {
                try Migrator(database: database).migrate()
                try SQLiteUserManager(database: database).registerTestOwners()
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The number of rows of `table` (a fixed name chosen by the test).
    func count(_ table: String) throws -> Int {
        try database.read { connection in
            try connection.statement("SELECT count(*) FROM \(table)").rows { $0.int(at: 0) }.first ?? -1
        }
    }
}
