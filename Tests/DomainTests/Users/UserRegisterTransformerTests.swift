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
        _ name: String?, _ email: String?, _ password: String?, accountPolicy: AccountPolicy = AccountPolicy(), from address: String = "10.0.0.1",
        mailThrottle: MailThrottle? = nil
    ) -> [AccountOutputSpy.Event] {
        let spy = AccountOutputSpy()
        let services = IdentityServices(
            users: accounts, identity: accounts, hasher: hasher, codes: CountingCodes(), ids: ids, clock: clock, policy: IdentityPolicy(),
            mailThrottle: mailThrottle ?? MailThrottle(counter: InMemoryAttemptCounter(), maximumPerRecipient: nil, maximumPerClient: nil))
        UserRegisterTransformer(services: services, accountPolicy: accountPolicy, throttle: throttle)
            .transform(name: name, email: email, password: password, clientAddress: address, language: "fr", output: spy)
        return spy.events
    }

    /// Makes `user` hold its address, verified, as a verification would.
    func verify(_ email: String) throws {
        let user = try #require(accounts.allUsers.first { $0.email == email })
        accounts.claims.withLock { _ = $0.remove(user.id) }
        accounts.users.withLock { $0[user.id]?.emailVerifiedAt = clock.now() }
    }

    @Test("a free address: the new user claims it (holding nothing), only a hash is stored, no session, and a code is mailed in the caller's language")
    func registers() throws {
        let events = register("Charlie", "  Charlie@Example.COM ", "correct horse")
        let user = try #require(accounts.allUsers.first)
        #expect(user.email == "charlie@example.com")
        #expect(user.passwordHash == "hash:correct horse")
        #expect(!user.isEmailVerified)
        #expect(try accounts.fetch(email: "charlie@example.com") == nil)
        #expect(accounts.allSessions.isEmpty)
        #expect(events == [.accepted("charlie@example.com")])
        let notice = try #require(accounts.notices.withLock { $0.first })
        #expect(notice.event.type == .userRegistered && notice.event.userID == user.id)
        #expect(notice.mail?.kind == .emailVerification && notice.mail?.recipient == "charlie@example.com" && notice.mail?.language == "fr")
        #expect(notice.mail?.secret == "000001")
        #expect(try accounts.hasLiveCode(of: user.id, purpose: .verifyEmail, at: clock.now()))
    }

    @Test("a held address answers exactly like a free one, stores nothing, and mails its holder")
    func heldAddressAnswersAlike() throws {
        _ = register("A", "a@b.co", "0123456789")
        try verify("a@b.co")
        let holder = try #require(accounts.allUsers.first)
        let events = register("B", "A@B.CO", "another password")
        #expect(events == [.accepted("a@b.co")])
        #expect(accounts.allUsers.count == 1)
        #expect(accounts.accountStore.all.count == 1)
        let notice = try #require(accounts.notices.withLock { $0.last })
        #expect(notice.event.type == .registrationAttempted && notice.event.userID == holder.id)
        #expect(notice.mail?.kind == .registrationAttempt && notice.mail?.secret == nil)
    }

    @Test("an unverified claim does not reserve the address: others may claim it too, up to the limit of claims")
    func claimsAreCapped() throws {
        for index in 0..<5 { #expect(register("U\(index)", "bob@example.com", "correct horse", from: "10.0.1.\(index)") == [.accepted("bob@example.com")]) }
        #expect(accounts.allUsers.count == IdentityPolicy().maxClaimsPerEmail)
        #expect(try accounts.claimCount(email: "bob@example.com") == 3)
    }

    @Test("mail to one address is limited: past it the answer stays the same and nothing more is mailed")
    func mailToOneAddressIsLimited() throws {
        _ = register("A", "a@b.co", "0123456789")
        try verify("a@b.co")
        let throttle = MailThrottle(counter: InMemoryAttemptCounter(), maximumPerRecipient: 2, maximumPerClient: nil)
        for index in 0..<4 { #expect(register("B", "a@b.co", "0123456789", from: "10.0.2.\(index)", mailThrottle: throttle) == [.accepted("a@b.co")]) }
        #expect(accounts.notices.withLock { $0.filter { $0.event.type == .registrationAttempted }.count } == 2)
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

    @Test("a held email opens no account")
    func takenEmailOpensNothing() throws {
        _ = register("A", "a@b.co", "0123456789")
        try verify("a@b.co")
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
        guard case .accepted = register("A", "a@b.co", "0123456789").first else {
            Issue.record("ten characters refused")
            return
        }
    }

    @Test("password length counts code points: five e + combining accent pairs are ten")
    func codePoints() {
        guard case .accepted = register("A", "a@b.co", String(repeating: "e\u{301}", count: 5)).first, accounts.allUsers.count == 1 else {
            Issue.record("ten code points refused")
            return
        }
    }

    @Test("an email typed in two Unicode forms is one address")
    func normalization() throws {
        _ = register("A", "\u{e9}@example.com", "0123456789")
        try verify("\u{e9}@example.com")
        #expect(register("B", "e\u{301}@example.com", "0123456789") == [.accepted("\u{e9}@example.com")])
        #expect(accounts.allUsers.count == 1)
    }

    @Test("one address gets its limit of registrations per window, then a wait; another address is not affected")
    func registrationsLimitedPerAddress() {
        for index in 0..<3 {
            guard case .accepted = register("User", "user\(index)@example.com", "correct horse").first else {
                Issue.record("registration \(index) refused")
                return
            }
        }
        #expect(register("User", "user3@example.com", "correct horse") == [.rateLimited(60)])
        guard case .accepted = register("User", "user3@example.com", "correct horse", from: "10.0.0.2").first else {
            Issue.record("another address was throttled")
            return
        }
        clock.advance(61)
        guard case .accepted = register("User", "user4@example.com", "correct horse").first else {
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
        #expect(all.filter { if case .accepted = $0 { true } else { false } }.count == 3)
        #expect(all.filter { $0 == .rateLimited(60) }.count == 17)
        #expect(accounts.allUsers.count == 3)
    }

    @Test("an invalid registration is refused before it counts, and busy hashing stores nothing and does not count")
    func refusalsDoNotCount() {
        for _ in 0..<5 { _ = register(nil, "x@example.com", "short") }
        hasher.busy.withLock { $0 = true }
        for _ in 0..<5 { #expect(register("User", "busy@example.com", "correct horse") == [.serverBusy(2)]) }
        hasher.busy.withLock { $0 = false }
        #expect(accounts.allUsers.isEmpty)
        guard case .accepted = register("User", "busy@example.com", "correct horse").first else {
            Issue.record("refused registrations counted against the address")
            return
        }
    }
}
