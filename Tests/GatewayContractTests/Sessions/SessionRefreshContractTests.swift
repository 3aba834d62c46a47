import Domain
import DomainTestSupport
import Foundation
import GatewayTestSupport
import PostgresGateway
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

@Suite("SessionManager contract: refresh, use and revocation of logins")
struct SessionRefreshContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let policy = SessionPolicy(accessTokenLifetime: 300, idleTimeout: 900, absoluteTimeout: 8 * 3600, refreshReuseGrace: 30)

    /// A login's session of `user` whose access digest is `access` and family `family`, its
    /// current refresh secret digest `secret-<family>`.
    func login(_ access: String, _ user: String = "u_alice", family: String, at date: Date? = nil) -> Session {
        let date = date ?? now
        let endsAt = date.addingTimeInterval(policy.absoluteTimeout)
        let expiresAt = policy.sessionEnd(lastUsedAt: date, endsAt: endsAt)
        return Session(
            tokenDigest: access, userID: UserID(user), createdAt: date, expiresAt: expiresAt,
            accessExpiresAt: date.addingTimeInterval(policy.accessTokenLifetime), endsAt: endsAt, lastUsedAt: date, clientAddress: "192.0.2.7",
            userAgent: "Firefox/140", refresh: SessionRefreshState(familyDigest: family, currentDigest: "secret-\(family)"))
    }

    func rotation(family: String, presenting secret: String, newAccess: String, newSecret: String, at date: Date, grace: TimeInterval = 30) -> SessionRotation {
        var policy = self.policy
        policy.refreshReuseGrace = grace
        return SessionRotation(familyDigest: family, presentedDigest: secret, newAccessDigest: newAccess, newRefreshDigest: newSecret, now: date, policy: policy)
    }

    @Test("a login's session reads back with every field it was stored with", arguments: Backend.allCases)
    func roundTrip(backend: Backend) throws {
        let store = try backend.makeStore()
        let session = login("a1", family: "f1")
        try store.gateway.sessions.insert(session)
        #expect(try store.gateway.sessions.fetch(tokenDigest: "a1") == session)
    }

    @Test("the current refresh token rotates: the session moves to the new access token, the old one is gone", arguments: Backend.allCases)
    func rotates(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        let later = now.addingTimeInterval(200)
        let result = try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "a2", newSecret: "s2", at: later))
        guard case .rotated(let session, let replaced) = result else {
            Issue.record("not rotated: \(result)")
            return
        }
        #expect(replaced == "a1")
        #expect(try sessions.fetch(tokenDigest: "a1") == nil)
        #expect(try sessions.fetch(tokenDigest: "a2") == session)
        #expect(session.refresh == SessionRefreshState(familyDigest: "f1", currentDigest: "s2", previousDigest: "secret-f1", rotatedAt: later))
        #expect(session.lastUsedAt == later)
        #expect(session.expiresAt == later.addingTimeInterval(900))
        #expect(session.accessExpiresAt == later.addingTimeInterval(300))
    }

    @Test("within the grace window the replaced token rotates once more and retires its replacement", arguments: Backend.allCases)
    func graceWindow(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        _ = try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "a2", newSecret: "s2", at: now))
        let again = try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "a3", newSecret: "s3", at: now.addingTimeInterval(10)))
        #expect(again == .rotated(try #require(try sessions.fetch(tokenDigest: "a3")), replacedTokenDigest: "a2"))
        #expect(try sessions.fetch(tokenDigest: "a2") == nil)
        // The retired replacement is now a used token: presenting it ends the session.
        let retired = try sessions.rotate(rotation(family: "f1", presenting: "s2", newAccess: "a4", newSecret: "s4", at: now.addingTimeInterval(11)))
        #expect(retired == .reused(revokedTokenDigest: "a3"))
        #expect(try sessions.fetch(tokenDigest: "a3")?.revokedAt == now.addingTimeInterval(11))
    }

    @Test("a used token past the grace window, or one used twice before, revokes the whole session", arguments: Backend.allCases)
    func reuseRevokes(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        _ = try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "a2", newSecret: "s2", at: now))
        _ = try sessions.rotate(rotation(family: "f1", presenting: "s2", newAccess: "a3", newSecret: "s3", at: now.addingTimeInterval(1)))
        // Two generations back: never accepted, whatever the window.
        let reused = try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "a4", newSecret: "s4", at: now.addingTimeInterval(2)))
        #expect(reused == .reused(revokedTokenDigest: "a3"))
        #expect(try sessions.fetch(tokenDigest: "a3")?.isActive(at: now.addingTimeInterval(2)) == false)
        // The revoked session's current token is refused too, and nothing changes any more.
        #expect(try sessions.rotate(rotation(family: "f1", presenting: "s3", newAccess: "a5", newSecret: "s5", at: now.addingTimeInterval(3))) == .refused)

        try sessions.insert(login("b1", family: "f2"))
        _ = try sessions.rotate(rotation(family: "f2", presenting: "secret-f2", newAccess: "b2", newSecret: "t2", at: now))
        let late = try sessions.rotate(rotation(family: "f2", presenting: "secret-f2", newAccess: "b3", newSecret: "t3", at: now.addingTimeInterval(31)))
        #expect(late == .reused(revokedTokenDigest: "b2"))
    }

    @Test("an unknown family, an idle session and one past its absolute end are refused and left alone", arguments: Backend.allCases)
    func refusals(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        #expect(try sessions.rotate(rotation(family: "nope", presenting: "secret-f1", newAccess: "x", newSecret: "y", at: now)) == .refused)
        #expect(try sessions.rotate(rotation(family: "f1", presenting: "secret-f1", newAccess: "x", newSecret: "y", at: now.addingTimeInterval(900))) == .refused)
        #expect(try sessions.fetch(tokenDigest: "a1") == login("a1", family: "f1"))

        // Active all day: the idle deadline moves, the absolute one does not.
        try sessions.insert(login("c1", family: "f3"))
        var current = ("c1", "secret-f3")
        var date = now
        for step in 1...40 {
            date = now.addingTimeInterval(Double(step) * 800)
            let result = try sessions.rotate(rotation(family: "f3", presenting: current.1, newAccess: "c\(step + 1)", newSecret: "u\(step)", at: date))
            if date >= now.addingTimeInterval(policy.absoluteTimeout) {
                #expect(result == .refused)
                break
            }
            guard case .rotated(let session, _) = result else {
                Issue.record("step \(step): \(result)")
                return
            }
            #expect(session.expiresAt <= now.addingTimeInterval(policy.absoluteTimeout))
            current = ("c\(step + 1)", "u\(step)")
        }
        #expect(date >= now.addingTimeInterval(policy.absoluteTimeout))
    }

    @Test("concurrent refreshes with one token on separate connections are decided one after the other", arguments: Backend.allCases)
    func concurrentRefreshes(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        try store.gateway.sessions.insert(login("a1", family: "f1"))
        let results = Locked<[SessionRotationResult]>([])
        let failures = Locked<[String]>([])
        let now = self.now
        Threads.run(count: 12) { index in
            do {
                // No grace: the first rotates, the second is a reuse that revokes, the rest find it revoked.
                let result = try gateways[index % gateways.count].sessions.rotate(
                    rotation(family: "f1", presenting: "secret-f1", newAccess: "n\(index)", newSecret: "s\(index)", at: now, grace: 0))
                results.withValue { $0.append(result) }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        let all = results.current
        #expect(all.filter { if case .rotated = $0 { true } else { false } }.count == 1)
        #expect(all.filter { if case .reused = $0 { true } else { false } }.count == 1)
        #expect(all.filter { $0 == .refused }.count == 10)
    }

    @Test("a use is recorded only when the last one is older than the interval, and moves the idle end", arguments: Backend.allCases)
    func touch(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        let soon = now.addingTimeInterval(30)
        #expect(try sessions.touch(tokenDigest: "a1", at: soon, expiresAt: soon.addingTimeInterval(900), unusedSince: soon.addingTimeInterval(-60)) == false)
        let later = now.addingTimeInterval(61)
        #expect(try sessions.touch(tokenDigest: "a1", at: later, expiresAt: later.addingTimeInterval(900), unusedSince: later.addingTimeInterval(-60)))
        #expect(try sessions.touch(tokenDigest: "a1", at: later, expiresAt: later.addingTimeInterval(900), unusedSince: later.addingTimeInterval(-60)) == false)
        let session = try #require(try sessions.fetch(tokenDigest: "a1"))
        #expect(session.lastUsedAt == later)
        #expect(session.expiresAt == later.addingTimeInterval(900))
        _ = try sessions.revoke(tokenDigest: "a1", at: later)
        let last = later.addingTimeInterval(120)
        #expect(try sessions.touch(tokenDigest: "a1", at: last, expiresAt: last.addingTimeInterval(900), unusedSince: last.addingTimeInterval(-60)) == false)
    }

    @Test("the list holds the user's active sessions only, the most recently used first, legacy tokens included", arguments: Backend.allCases)
    func list(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1", at: now.addingTimeInterval(-100)))
        try sessions.insert(login("a2", family: "f2", at: now.addingTimeInterval(-10)))
        try sessions.insert(login("a3", family: "f3", at: now.addingTimeInterval(-5)))
        _ = try sessions.revoke(tokenDigest: "a3", at: now)
        try sessions.insert(login("b1", "u_bob", family: "f4"))
        try sessions.insert(Session(tokenDigest: "legacy", userID: UserID("u_alice"), createdAt: now.addingTimeInterval(-50), expiresAt: now.addingTimeInterval(3600)))
        try sessions.insert(login("old", family: "f5", at: now.addingTimeInterval(-1000)))
        let listed = try sessions.list(userID: UserID("u_alice"), activeAt: now, limit: 10)
        #expect(listed.map(\.tokenDigest) == ["a2", "legacy", "a1"])
        #expect(try sessions.list(userID: UserID("u_alice"), activeAt: now, limit: 1).map(\.tokenDigest) == ["a2"])
        #expect(try sessions.list(userID: UserID("u_alice"), activeAt: now, limit: 0).isEmpty)
    }

    @Test("the purge deletes a login past its idle end, revoked or not, and keeps one whose access token alone expired", arguments: Backend.allCases)
    func purge(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("idle", family: "f1", at: now.addingTimeInterval(-901)))
        try sessions.insert(login("revoked", family: "f2", at: now.addingTimeInterval(-900)))
        _ = try sessions.revoke(tokenDigest: "revoked", at: now.addingTimeInterval(-800))
        try sessions.insert(login("live", family: "f3", at: now.addingTimeInterval(-400)))
        // The test owners' three registration sessions expired long ago.
        #expect(try sessions.purge(expiredAt: now, limit: 100) == 5)
        #expect(try sessions.fetch(tokenDigest: "live")?.isRefreshable(at: now) == true)
        #expect(try sessions.fetch(tokenDigest: "live")?.isActive(at: now) == false)
    }

    @Test("revokeAll keeps the one session named and returns the others' digests", arguments: Backend.allCases)
    func revokeAllKeeping(backend: Backend) throws {
        let sessions = try backend.makeStore().gateway.sessions
        try sessions.insert(login("a1", family: "f1"))
        try sessions.insert(login("a2", family: "f2"))
        try sessions.insert(login("b1", "u_bob", family: "f3"))
        #expect(try sessions.revokeAll(userID: UserID("u_alice"), at: now, keeping: "a2") == ["a1"])
        #expect(try sessions.fetch(tokenDigest: "a2")?.isActive(at: now) == true)
        #expect(try sessions.fetch(tokenDigest: "b1")?.isActive(at: now) == true)
        #expect(try sessions.revokeAll(userID: UserID("u_alice"), at: now, keeping: nil) == ["a2"])
    }

    @Test("a password change stores the hash and revokes the other sessions together, or does neither", arguments: Backend.allCases)
    func changePassword(backend: Backend) throws {
        let gateway = try backend.makeStore().gateway
        try gateway.sessions.insert(login("a1", family: "f1"))
        try gateway.sessions.insert(login("a2", family: "f2"))
        let alice = UserID("u_alice")
        #expect(try gateway.users.changePassword(of: alice, from: "not-x", to: "y", revokingSessionsAt: now, keeping: "a2", telling: Notice(event: OutboxEvent(userID: alice, type: .passwordChanged, createdAt: now))) == nil)
        #expect(try gateway.users.fetch(id: alice)?.passwordHash == "x")
        #expect(try gateway.sessions.fetch(tokenDigest: "a1")?.revokedAt == nil)
        #expect(try gateway.users.changePassword(of: alice, from: "x", to: "y", revokingSessionsAt: now, keeping: "a2", telling: Notice(event: OutboxEvent(userID: alice, type: .passwordChanged, createdAt: now))) == ["a1"])
        #expect(try gateway.users.fetch(id: alice)?.passwordHash == "y")
        #expect(try gateway.sessions.fetch(tokenDigest: "a1")?.revokedAt == now)
        #expect(try gateway.sessions.fetch(tokenDigest: "a2")?.revokedAt == nil)
    }

    @Test("a session row written with the columns of the release before refresh tokens still authenticates", arguments: Backend.allCases)
    func legacyRow(backend: Backend) throws {
        let store = try backend.makeStore()
        // What an instance of the previous release writes during a rolling upgrade.
        let expires = Int64((now.timeIntervalSince1970 + 3600) * 1000)
        let created = Int64(now.timeIntervalSince1970 * 1000)
        let sql = "INSERT INTO sessions (token_digest, user_id, created_at, expires_at, revoked_at) VALUES ('legacy', 'u_alice', \(created), \(expires), NULL)"
        switch store.gateway {
        case let sqlite as SQLiteEntityGateway: try sqlite.database.write { try $0.statement(sql).run() }
        case let postgres as PostgresEntityGateway: try postgres.database.write { try $0.statement(sql).run() }
        default: Issue.record("unknown gateway")
        }
        let session = try #require(try store.gateway.sessions.fetch(tokenDigest: "legacy"))
        #expect(session.refresh == nil && session.lastUsedAt == nil)
        #expect(session.isActive(at: now.addingTimeInterval(3599)))
        let authenticator = AccessTokenAuthenticator(sessions: store.gateway.sessions, tokens: SameTokens(), clock: FixedClock(now), policy: policy)
        #expect(authenticator.authenticate(token: "legacy") == .authenticated(UserID("u_alice"), tokenDigest: "legacy"))
    }
}

/// Tokens that are their own digests.
private struct SameTokens: TokenIssuer {
    func issue() -> IssuedToken { IssuedToken(token: "t", digest: "t") }
    func digest(of token: String) -> String? { token }
}
