import Domain
import Foundation
import Migrations
import Testing
@testable import SQLiteGateway

/// The users schema on SQLite; what the user and session managers do is proven for both
/// backends by the contract tests (GatewayContractTests/Users, /Sessions).
@Suite("SQLite users schema")
struct SQLiteAccountsTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("a contact must belong to an existing user")
    func ownerMustExist() throws {
        let temporary = try TemporaryDatabase()
        let orphan = Contact(id: ContactID("c_x"), ownerID: UserID("u_ghost"), lastName: "Ghost", createdAt: now, updatedAt: now)
        #expect(throws: GatewayError.self) { try SQLiteContactManager(database: temporary.database).insert(orphan) }
    }

    @Test("migration 0002 drops the development owner's contacts and keeps real users' ones")
    func developmentOwnerDropped() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let all = try Migration.embedded(.sqlite)
        try Migrator(database: temporary.database, migrations: Array(all.prefix(1))).migrate()
        try temporary.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO contacts (id, owner_id, last_name, sort_name, created_at, updated_at) VALUES ('c_dev', 'dev', 'Dev', 'dev', 0, 0);
                """)
        }
        try Migrator(database: temporary.database).migrate()
        #expect(try temporary.count("contacts") == 0)
        #expect(try temporary.count("users") == 0)
    }
}
