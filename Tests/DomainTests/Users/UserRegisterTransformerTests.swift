import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("UserRegisterTransformer")
struct UserRegisterTransformerTests {
    let accounts = InMemoryAccounts()
    let clock = MovableClock()
    let ids = SequentialIDGenerator()

    let hasher = PlainHasher(seconds: 0.005)
    let throttle = RegistrationThrottle(counter: InMemoryAttemptCounter(), maximumPerAddress: 3, window: 60)

    func register(
        _ name: String?, _ email: String?, _ password: String?, accountPolicy: AccountPolicy = AccountPolicy(), from address: String = "10.0.0.1"
    ) -> [AccountOutputSpy.Event] {
        let spy = AccountOutputSpy()
        UserRegisterTransformer(
            users: accounts, hasher: hasher, tokens: CountingTokens(), clock: clock, ids: ids, policy: SessionPolicy(),
            accountPolicy: accountPolicy, throttle: throttle)
            .transform(name: name, email: email, password: password, clientAddress: address, output: spy)
        return spy.events
    }

    @Test("a registration stores the normalized email, only a hash, and a 30-day session")
    func registers() throws {
        let events = register("Charlie", "  Charlie@Example.COM ", "correct horse")
        let user = try #require(accounts.allUsers.first)
        #expect(user.email == "charlie@example.com")
        #expect(user.passwordHash == "hash:correct horse")
        let session = try #require(accounts.allSessions.first)
        #expect(session.userID == user.id)
        #expect(session.tokenDigest == "d:t1")
        #expect(session.expiresAt == clock.now().addingTimeInterval(30 * 24 * 3600))
        #expect(events == [.registered(UserPresentationModel(user), SessionPresentationModel(token: "t1", expiresAt: session.expiresAt))])
    }

    @Test("registration opens the user's first account, in CAD unless configured otherwise")
    func firstAccount() throws {
        _ = register("Charlie", "charlie@example.com", "correct horse")
        let user = try #require(accounts.allUsers.first)
        #expect(accounts.accountStore.all == [
            Account(id: AccountID("a_2"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: clock.now()),
        ])
        _ = register("Lucy", "lucy@example.com", "correct horse", accountPolicy: AccountPolicy(defaultCurrency: .eur, firstAccountName: "Compte"))
        #expect(accounts.accountStore.all.contains { $0.currency == .eur && $0.name == "Compte" })
    }

    @Test("a taken email opens no account")
    func takenEmailOpensNothing() {
        _ = register("A", "a@b.co", "0123456789")
        _ = register("B", "a@b.co", "0123456789")
        #expect(accounts.accountStore.all.count == 1)
    }

    @Test("every broken rule is reported at once and nothing is stored")
    func rules() {
        #expect(register(nil, "not-an-email", "short") == [.validation([
            UserFieldFailure(field: .name, rule: .required), UserFieldFailure(field: .email, rule: .invalidEmail),
            UserFieldFailure(field: .password, rule: .weakPassword),
        ])])
        #expect(register("A", nil, nil) == [.validation([
            UserFieldFailure(field: .email, rule: .required), UserFieldFailure(field: .password, rule: .required),
        ])])
        #expect(accounts.allUsers.isEmpty)
        #expect(accounts.accountStore.all.isEmpty)
    }

    @Test("a password of exactly ten characters is enough")
    func tenCharacters() {
        guard case .registered = register("A", "a@b.co", "0123456789").first else {
            Issue.record("ten characters refused")
            return
        }
    }

    @Test("password length counts code points: five e + combining accent pairs are ten")
    func codePoints() {
        guard case .registered = register("A", "a@b.co", String(repeating: "e\u{301}", count: 5)).first else {
            Issue.record("ten code points refused")
            return
        }
    }

    @Test("an email typed in two Unicode forms is one address")
    func normalization() {
        _ = register("A", "\u{e9}@example.com", "0123456789")
        #expect(register("B", "e\u{301}@example.com", "0123456789") == [.emailTaken])
    }

    @Test("the same email in another case is taken")
    func emailTaken() {
        _ = register("A", "a@b.co", "0123456789")
        #expect(register("B", "A@B.CO", "0123456789") == [.emailTaken])
        #expect(accounts.allUsers.count == 1)
    }

    @Test("one address gets its limit of registrations per window, then a wait; another address is not affected")
    func registrationsLimitedPerAddress() {
        for index in 0..<3 {
            guard case .registered = register("User", "user\(index)@example.com", "correct horse").first else {
                Issue.record("registration \(index) refused")
                return
            }
        }
        #expect(register("User", "user3@example.com", "correct horse") == [.throttled(60)])
        guard case .registered = register("User", "user3@example.com", "correct horse", from: "10.0.0.2").first else {
            Issue.record("another address was throttled")
            return
        }
        clock.advance(61)
        guard case .registered = register("User", "user4@example.com", "correct horse").first else {
            Issue.record("still throttled after the window")
            return
        }
    }

    @Test("parallel registrations from one address never exceed the limit")
    func parallelRegistrations() {
        let events = Mutex<[AccountOutputSpy.Event]>([])
        Threads.run(count: 20) { index in
            let answer = register("User", "burst\(index)@example.com", "correct horse", from: "10.0.0.3")
            events.withLock { $0 += answer }
        }
        let all = events.withLock { $0 }
        #expect(all.filter { if case .registered = $0 { true } else { false } }.count == 3)
        #expect(all.filter { $0 == .throttled(60) }.count == 17)
        #expect(accounts.allUsers.count == 3)
    }

    @Test("an invalid registration is refused before it counts, and busy hashing stores nothing and does not count")
    func refusalsDoNotCount() {
        for _ in 0..<5 { _ = register(nil, "x@example.com", "short") }
        hasher.busy.withLock { $0 = true }
        for _ in 0..<5 { #expect(register("User", "busy@example.com", "correct horse") == [.hashingBusy(2)]) }
        hasher.busy.withLock { $0 = false }
        #expect(accounts.allUsers.isEmpty)
        guard case .registered = register("User", "busy@example.com", "correct horse").first else {
            Issue.record("refused registrations counted against the address")
            return
        }
    }
}
