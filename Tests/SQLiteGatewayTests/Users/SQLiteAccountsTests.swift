import Domain
import Foundation
import Migrations
import Testing
@testable import SQLiteGateway

@Suite("SQLite users and sessions")
struct SQLiteAccountsTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func user(_ id: String, _ email: String) -> User {
        User(id: UserID(id), name: "N", email: email, passwordHash: "scrypt$16$8$1$AAAA$AAAA", createdAt: now)
    }

    func account(_ owner: String) -> Account {
        Account(id: AccountID("a_" + owner), ownerID: UserID(owner), name: "Main Account", currency: .cad, createdAt: now)
    }

    func session(_ digest: String, _ user: String, expiresIn seconds: TimeInterval = 3600) -> Session {
        Session(tokenDigest: digest, userID: UserID(user), createdAt: now, expiresAt: now.addingTimeInterval(seconds))
    }

    @Test("register stores the user and the first session together; fetch by id and by email")
    func register() throws {
        let temporary = try TemporaryDatabase()
        let users = SQLiteUserManager(database: temporary.database)
        let sessions = SQLiteSessionManager(database: temporary.database)
        #expect(try users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1")) == .registered)
        #expect(try users.fetch(id: UserID("u_1")) == user("u_1", "a@example.com"))
        #expect(try users.fetch(email: "a@example.com")?.id == UserID("u_1"))
        #expect(try users.fetch(email: "b@example.com") == nil)
        #expect(try sessions.fetch(tokenDigest: "d1") == session("d1", "u_1"))
    }

    @Test("a taken email registers nothing: neither the user nor the session")
    func emailTaken() throws {
        let temporary = try TemporaryDatabase()
        let users = SQLiteUserManager(database: temporary.database)
        _ = try users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1"))
        let usersBefore = try temporary.count("users")
        #expect(try users.register(user("u_2", "a@example.com"), firstSession: session("d2", "u_2"), firstAccount: account("u_2")) == .emailTaken)
        #expect(try temporary.count("users") == usersBefore)
        #expect(try SQLiteSessionManager(database: temporary.database).fetch(tokenDigest: "d2") == nil)
    }

    @Test("sessions are found by digest only; revoke marks once; revokeAll covers a user's active ones")
    func sessions() throws {
        let temporary = try TemporaryDatabase()
        let users = SQLiteUserManager(database: temporary.database)
        let sessions = SQLiteSessionManager(database: temporary.database)
        _ = try users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1"))
        try sessions.insert(session("d2", "u_1"))
        try sessions.insert(session("d3", "u_1", expiresIn: -10))
        #expect(try sessions.revoke(tokenDigest: "d1", at: now) == true)
        #expect(try sessions.revoke(tokenDigest: "d1", at: now) == false)
        #expect(try sessions.fetch(tokenDigest: "d1")?.revokedAt == now)
        #expect(try sessions.fetch(tokenDigest: "d1")?.isActive(at: now) == false)
        #expect(try sessions.revokeAll(userID: UserID("u_1"), at: now) == 1)
        #expect(try sessions.fetch(tokenDigest: "d2")?.revokedAt == now)
        #expect(try sessions.fetch(tokenDigest: "nope") == nil)
    }

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
