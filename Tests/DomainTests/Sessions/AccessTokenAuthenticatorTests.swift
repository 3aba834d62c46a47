import Domain
import Foundation
import Testing

@Suite("AccessTokenAuthenticator")
struct AccessTokenAuthenticatorTests {
    let accounts = InMemoryAccounts()
    let clock = MovableClock()

    func authenticator() -> AccessTokenAuthenticator {
        AccessTokenAuthenticator(sessions: accounts, tokens: CountingTokens(), clock: clock, cacheLifetime: 1)
    }

    func store(_ token: String, expiresIn seconds: TimeInterval = 3600) throws {
        try accounts.insert(Session(tokenDigest: "d:" + token, userID: UserID("u1"), createdAt: clock.now(), expiresAt: clock.now().addingTimeInterval(seconds)))
    }

    @Test("an active session's token resolves to its user")
    func active() throws {
        try store("t1")
        #expect(authenticator().authenticate(token: "t1") == .authenticated(UserID("u1"), tokenDigest: "d:t1"))
    }

    @Test("junk, unknown, expired and revoked tokens are all just rejected")
    func rejected() throws {
        try store("t2", expiresIn: 10)
        try store("t3")
        _ = try accounts.revoke(tokenDigest: "d:t3", at: clock.now())
        let subject = authenticator()
        clock.advance(11)
        #expect(subject.authenticate(token: "junk") == .rejected)
        #expect(subject.authenticate(token: "t9") == .rejected)
        #expect(subject.authenticate(token: "t2") == .rejected)
        #expect(subject.authenticate(token: "t3") == .rejected)
    }

    @Test("a revocation elsewhere takes effect within the one-second cache")
    func revocationWithinASecond() throws {
        try store("t1")
        let subject = authenticator()
        #expect(subject.authenticate(token: "t1") != .rejected)
        _ = try accounts.revoke(tokenDigest: "d:t1", at: clock.now())
        clock.advance(1.01)
        #expect(subject.authenticate(token: "t1") == .rejected)
    }

    @Test("a lookup that raced a logout cannot put the token back into the cache")
    func forgottenStaysForgotten() throws {
        try store("t1")
        let subject = authenticator()
        // The session is still active in storage, as it is for a lookup that read it just
        // before the logout's revoke landed.
        subject.forget(tokenDigest: "d:t1")
        #expect(subject.authenticate(token: "t1") == .rejected)
    }

    @Test("a logout here takes effect at once")
    func forget() throws {
        try store("t1")
        let subject = authenticator()
        _ = subject.authenticate(token: "t1")
        _ = try accounts.revoke(tokenDigest: "d:t1", at: clock.now())
        subject.forget(tokenDigest: "d:t1")
        #expect(subject.authenticate(token: "t1") == .rejected)
    }

    @Test("a login's use is recorded at most once a minute and moves its idle end; cache hits and younger uses write nothing")
    func touchAtMostOnceAMinute() throws {
        let policy = SessionPolicy(accessTokenLifetime: 300, idleTimeout: 900, absoluteTimeout: 8 * 3600)
        let start = clock.now()
        try accounts.insert(Session(
            tokenDigest: "d:t1", userID: UserID("u1"), createdAt: start, expiresAt: start.addingTimeInterval(900),
            accessExpiresAt: start.addingTimeInterval(300), endsAt: start.addingTimeInterval(8 * 3600), lastUsedAt: start,
            refresh: SessionRefreshState(familyDigest: "f", currentDigest: "s")))
        let subject = AccessTokenAuthenticator(sessions: accounts, tokens: CountingTokens(), clock: clock, cacheLifetime: 1, policy: policy)
        clock.advance(30)
        #expect(subject.authenticate(token: "t1") == .authenticated(UserID("u1"), tokenDigest: "d:t1"))
        #expect(try accounts.fetch(tokenDigest: "d:t1")?.lastUsedAt == start)
        clock.advance(31)
        _ = subject.authenticate(token: "t1")
        let touched = start.addingTimeInterval(61)
        #expect(try accounts.fetch(tokenDigest: "d:t1")?.lastUsedAt == touched)
        #expect(try accounts.fetch(tokenDigest: "d:t1")?.expiresAt == touched.addingTimeInterval(900))
        clock.advance(0.5)
        _ = subject.authenticate(token: "t1")
        clock.advance(20)
        _ = subject.authenticate(token: "t1")
        #expect(try accounts.fetch(tokenDigest: "d:t1")?.lastUsedAt == touched)
    }

    @Test("a login's access token is refused past its own end, though the session goes on")
    func accessTokenEnds() throws {
        let start = clock.now()
        try accounts.insert(Session(
            tokenDigest: "d:t1", userID: UserID("u1"), createdAt: start, expiresAt: start.addingTimeInterval(900),
            accessExpiresAt: start.addingTimeInterval(300), endsAt: start.addingTimeInterval(8 * 3600), lastUsedAt: start,
            refresh: SessionRefreshState(familyDigest: "f", currentDigest: "s")))
        let subject = authenticator()
        #expect(subject.authenticate(token: "t1") == .authenticated(UserID("u1"), tokenDigest: "d:t1"))
        clock.advance(300)
        #expect(subject.authenticate(token: "t1") == .rejected)
    }
}
