import Domain
import Foundation
import Migrations
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("Upgrade to refresh tokens (0016)")
struct SessionRefreshUpgradeTests {
    @Test("a session stored before migration 0016 still authenticates after it, and lives to its own expiry")
    func earlierSessionsKeepWorking() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let database = temporary.database
        let before = try Migration.embedded(.sqlite).filter { $0.version < 16 }
        try Migrator(database: database, migrations: before).migrate()
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let created = Int64(now.timeIntervalSince1970 * 1000)
        try database.write { connection in
            try connection.run("INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('u_1', 'N', 'n@example.com', 'x', \(created))", [])
            try connection.run(
                "INSERT INTO sessions (token_digest, user_id, created_at, expires_at, revoked_at) VALUES ('before', 'u_1', \(created), \(created + 3_600_000), NULL)", [])
        }
        #expect(try Migrator(database: database).migrate().map(\.name).first == "0016_session_refresh.sql")

        let sessions = SQLSessionManager(database: database)
        let authenticator = AccessTokenAuthenticator(sessions: sessions, tokens: DigestIsToken(), clock: Frozen(instant: now))
        #expect(authenticator.authenticate(token: "before") == .authenticated(UserID("u_1"), tokenDigest: "before"))
        let session = try #require(try sessions.fetch(tokenDigest: "before"))
        #expect(session.refresh == nil && session.accessExpiresAt == nil && session.lastUsedAt == nil)
        #expect(session.isActive(at: now.addingTimeInterval(3599)) && !session.isActive(at: now.addingTimeInterval(3600)))
        #expect(try sessions.list(userID: UserID("u_1"), activeAt: now, limit: 10).map(\.tokenDigest) == ["before"])
    }
}

/// Tokens that are their own digests.
private struct DigestIsToken: TokenIssuer {
    func issue() -> IssuedToken { IssuedToken(token: "t", digest: "t") }
    func digest(of token: String) -> String? { token }
}

/// A clock stopped at one instant.
private struct Frozen: Clock {
    let instant: Date
    func now() -> Date { instant }
}
