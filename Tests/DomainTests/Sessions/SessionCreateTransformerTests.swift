import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("SessionCreateTransformer")
struct SessionCreateTransformerTests {
    let accounts = InMemoryAccounts()
    /// 20 ms a check, as a real KDF takes time: parallel logins overlap inside it.
    let hasher = PlainHasher(seconds: 0.02)
    let clock = MovableClock()
    let throttle = LoginThrottle(
        counter: InMemoryAttemptCounter(), maxFailuresPerClient: 3, maxFailuresPerAddress: 5, slowdownThreshold: 4, firstDelay: 1, maximumDelay: 4, window: 60)

    init() throws {
        let user = User(id: UserID("u1"), name: "Charlie", email: "charlie@example.com", passwordHash: "hash:correct horse", createdAt: Date())
        let session = Session(tokenDigest: "old", userID: user.id, createdAt: Date(), expiresAt: Date())
        let account = Account(id: AccountID("a1"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: Date())
        _ = try accounts.register(user, firstSession: session, firstAccount: account)
    }

    func login(_ email: String, _ password: String, from address: String = "10.0.0.1") -> [AccountOutputSpy.Event] {
        let spy = AccountOutputSpy()
        SessionCreateTransformer(users: accounts, sessions: accounts, hasher: hasher, tokens: CountingTokens(), throttle: throttle, clock: clock, policy: SessionPolicy(accessTokenLifetime: 60))
            .transform(email: email, password: password, clientAddress: address, client: SessionClient(address: address, userAgent: "Test/1"), output: spy)
        return spy.events
    }

    @Test("the right password opens a session with an access token and a refresh token; the email's case does not matter")
    func success() {
        let now = clock.now()
        #expect(login(" Charlie@Example.com", "correct horse") == [.sessionCreated(SessionPresentationModel(
            token: "t1", expiresAt: now.addingTimeInterval(60), refreshToken: "t2.t3", refreshExpiresAt: now.addingTimeInterval(15 * 60)))])
        let session = accounts.allSessions.first { $0.tokenDigest == "d:t1" }
        #expect(session?.userID == UserID("u1"))
        #expect(session?.refresh == SessionRefreshState(familyDigest: "d:t2", currentDigest: "d:t3"))
        #expect(session?.endsAt == now.addingTimeInterval(8 * 3600))
        #expect(session?.lastUsedAt == now)
        #expect(session?.clientAddress == "10.0.0.1" && session?.userAgent == "Test/1")
    }

    @Test("unknown email and wrong password are the same event, and the unknown one still runs the KDF")
    func sameAnswer() {
        #expect(login("nobody@example.com", "whatever") == [.invalidCredentials])
        #expect(login("charlie@example.com", "wrong") == [.invalidCredentials])
        #expect(hasher.dummies.withLock { $0 } == 1)
    }

    @Test("repeated failures from one client are throttled with a wait, even with the right password; the owner elsewhere is not")
    func throttledByClient() {
        for _ in 0..<3 { _ = login("charlie@example.com", "wrong", from: "10.0.0.7") }
        #expect(login("charlie@example.com", "correct horse", from: "10.0.0.7") == [.rateLimited(60)])
        guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.9.9.9").first else {
            Issue.record("the owner at another address was throttled")
            return
        }
        clock.advance(61)
        guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.0.0.7").first else {
            Issue.record("still throttled after the window")
            return
        }
    }

    @Test("past the email's threshold a client that failed waits a growing pause, even with the right password; a fresh one does not")
    func pacedByEmail() {
        for index in 0..<4 { _ = login("charlie@example.com", "wrong", from: "10.0.1.\(index)") }
        #expect(login("charlie@example.com", "correct horse", from: "10.0.1.0") == [.rateLimited(1)])
        guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.9.9.9").first else {
            Issue.record("a fresh client was paced")
            return
        }
        clock.advance(1)
        #expect(login("charlie@example.com", "wrong", from: "10.0.1.1") == [.invalidCredentials])
        #expect(login("charlie@example.com", "wrong", from: "10.0.1.2") == [.rateLimited(2)])
    }

    @Test("repeated failures from one address are throttled across emails")
    func throttledByAddress() {
        for index in 0..<5 { _ = login("user\(index)@example.com", "x", from: "10.0.0.7") }
        #expect(login("charlie@example.com", "correct horse", from: "10.0.0.7") == [.rateLimited(60)])
        guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.0.0.8").first else {
            Issue.record("another address was throttled")
            return
        }
    }

    /// Runs 40 logins at once on real threads (the server's write workers run them so).
    func parallelLogins(_ attempt: @escaping @Sendable (Int) -> (email: String, address: String)) -> [AccountOutputSpy.Event] {
        let events = Mutex<[AccountOutputSpy.Event]>([])
        Threads.run(count: 40) { index in
            let (email, address) = attempt(index)
            let answer = login(email, "wrong \(index)", from: address)
            events.withLock { $0 += answer }
        }
        return events.withLock { $0 }
    }

    @Test("40 parallel wrong passwords from one client get at most its limit of checks; the rest wait")
    func parallelGuessesPerClient() {
        let events = parallelLogins { _ in ("charlie@example.com", "10.1.0.1") }
        #expect(events.count == 40)
        #expect(events.filter { $0 == .invalidCredentials }.count == 3)
        #expect(events.filter { $0 == .rateLimited(60) }.count == 37)
    }

    @Test("40 parallel wrong passwords from clients that failed, past the email's threshold: one is checked, the rest wait")
    func parallelGuessesPaced() {
        for index in 0..<40 { _ = login("charlie@example.com", "wrong", from: "10.1.\(index).1") }
        clock.advance(5)
        let events = parallelLogins { index in ("charlie@example.com", "10.1.\(index).1") }
        #expect(events.filter { $0 == .invalidCredentials }.count == 1)
        #expect(events.filter { $0 == .rateLimited(4) }.count == 39)
    }

    @Test("40 parallel wrong logins from one address get at most the address's limit of checks")
    func parallelGuessesPerAddress() {
        let events = parallelLogins { index in ("user\(index)@example.com", "10.0.0.7") }
        #expect(events.filter { $0 == .invalidCredentials }.count == 5)
        #expect(events.filter { $0 == .rateLimited(60) }.count == 35)
    }

    @Test("a success gives the address its slot back: a shared address is not throttled by logins that worked")
    func successFreesAddressSlot() {
        for _ in 0..<10 {
            guard case .sessionCreated = login("charlie@example.com", "correct horse", from: "10.0.0.9").first else {
                Issue.record("a successful login counted against the address")
                return
            }
        }
    }

    @Test("busy hashing answers with its wait and counts against neither limit")
    func busyHashing() {
        hasher.busy.withLock { $0 = true }
        for _ in 0..<5 { #expect(login("charlie@example.com", "wrong") == [.serverBusy(2)]) }
        hasher.busy.withLock { $0 = false }
        #expect(login("charlie@example.com", "wrong") == [.invalidCredentials])
    }

    @Test("a login against a hash made with weaker parameters stores a current hash; a current one is left alone")
    func rehashesWeakerHash() throws {
        let user = User(id: UserID("u2"), name: "Lucy", email: "lucy@example.com", passwordHash: "old:correct horse", createdAt: Date())
        let account = Account(id: AccountID("a2"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: Date())
        _ = try accounts.register(user, firstSession: Session(tokenDigest: "old2", userID: user.id, createdAt: Date(), expiresAt: Date()), firstAccount: account)
        guard case .sessionCreated = login("lucy@example.com", "correct horse").first else {
            Issue.record("login failed")
            return
        }
        #expect(try accounts.fetch(id: user.id)?.passwordHash == "hash:correct horse")
        _ = login("charlie@example.com", "correct horse")
        #expect(try accounts.fetch(id: UserID("u1"))?.passwordHash == "hash:correct horse")
    }

    @Test("a wrong password never rehashes")
    func wrongPasswordDoesNotRehash() throws {
        let user = User(id: UserID("u3"), name: "Linus", email: "linus@example.com", passwordHash: "old:blanket", createdAt: Date())
        let account = Account(id: AccountID("a3"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: Date())
        _ = try accounts.register(user, firstSession: Session(tokenDigest: "old3", userID: user.id, createdAt: Date(), expiresAt: Date()), firstAccount: account)
        #expect(login("linus@example.com", "wrong") == [.invalidCredentials])
        #expect(try accounts.fetch(id: user.id)?.passwordHash == "old:blanket")
    }
}
