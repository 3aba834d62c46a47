import Domain
import Foundation
import Synchronization
import Testing

@Suite("SessionCreateTransformer")
struct SessionCreateTransformerTests {
    let accounts = InMemoryAccounts()
    let hasher = PlainHasher()
    let clock = MovableClock()
    let throttle = InMemoryLoginThrottle(maxFailuresPerEmail: 3, maxFailuresPerAddress: 5, window: 60)

    init() throws {
        let user = User(id: UserID("u1"), name: "Charlie", email: "charlie@example.com", passwordHash: "hash:correct horse", createdAt: Date())
        let session = Session(tokenDigest: "old", userID: user.id, createdAt: Date(), expiresAt: Date())
        let account = Account(id: AccountID("a1"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: Date())
        _ = try accounts.register(user, firstSession: session, firstAccount: account)
    }

    func login(_ email: String, _ password: String, from address: String = "10.0.0.1") -> [AccountOutputSpy.Event] {
        let spy = AccountOutputSpy()
        SessionCreateTransformer(users: accounts, sessions: accounts, hasher: hasher, tokens: CountingTokens(), throttle: throttle, clock: clock, policy: SessionPolicy(tokenLifetime: 60))
            .transform(email: email, password: password, clientAddress: address, output: spy)
        return spy.events
    }

    @Test("the right password opens a session; the email's case does not matter")
    func success() {
        #expect(login(" Charlie@Example.com", "correct horse") == [.sessionCreated(SessionPresentationModel(token: "t1", expiresAt: clock.now().addingTimeInterval(60)))])
        #expect(accounts.allSessions.contains { $0.tokenDigest == "d:t1" && $0.userID == UserID("u1") })
    }

    @Test("unknown email and wrong password are the same event, and the unknown one still runs the KDF")
    func sameAnswer() {
        #expect(login("nobody@example.com", "whatever") == [.invalidCredentials])
        #expect(login("charlie@example.com", "wrong") == [.invalidCredentials])
        #expect(hasher.dummies.withLock { $0 } == 1)
    }

    @Test("repeated failures for one email are throttled with a wait, even with the right password")
    func throttledByEmail() {
        for _ in 0..<3 { _ = login("charlie@example.com", "wrong", from: "10.0.0.\(Int.random(in: 2...200))") }
        #expect(login("charlie@example.com", "correct horse", from: "10.9.9.9") == [.throttled(60)])
        clock.advance(61)
        guard case .sessionCreated = login("charlie@example.com", "correct horse").first else {
            Issue.record("still throttled after the window")
            return
        }
    }

    @Test("repeated failures from one address are throttled across emails")
    func throttledByAddress() {
        for index in 0..<5 { _ = login("user\(index)@example.com", "x", from: "10.0.0.7") }
        #expect(login("charlie@example.com", "correct horse", from: "10.0.0.7") == [.throttled(60)])
        guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.0.0.8").first else {
            Issue.record("another address was throttled")
            return
        }
    }
}
