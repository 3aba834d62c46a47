import Domain
import Foundation
import Migrations
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
                try Self.createUsers(Self.owners, in: database)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// The owners the tests use: contacts must belong to existing users since migration 0002.
    /// Each has a CAD account `a_<id>` (`a_u_alice`, …), made at registration.
    static let owners = ["u_alice", "u_bob", "u_nobody"]

    static func createUsers(_ ids: [String], in database: Database) throws {
        let users = SQLiteUserManager(database: database)
        for id in ids {
            let user = User(id: UserID(id), name: id, email: "\(id)@example.com", passwordHash: "x", createdAt: Date(timeIntervalSince1970: 0))
            let session = Session(tokenDigest: "digest-\(id)", userID: user.id, createdAt: user.createdAt, expiresAt: user.createdAt)
            let account = Account(id: AccountID("a_\(id)"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: user.createdAt)
            _ = try users.register(user, firstSession: session, firstAccount: account)
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
