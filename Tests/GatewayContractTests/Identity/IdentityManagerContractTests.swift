import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("IdentityManager contract")
struct IdentityManagerContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func claimer(_ id: String, _ email: String, at offset: TimeInterval = 0) -> User {
        User(id: UserID(id), name: "Claimer \(id)", email: email, passwordHash: "hash-\(id)", createdAt: now.addingTimeInterval(offset))
    }

    func code(_ user: String, _ digest: String, purpose: OneTimeCodePurpose = .verifyEmail, tries: Int = 3) -> OneTimeCode {
        OneTimeCode(userID: UserID(user), purpose: purpose, digest: digest, expiresAt: now.addingTimeInterval(900), attemptsLeft: tries, createdAt: now)
    }

    func notice(_ user: String, _ type: OutboxEventType = .userRegistered, mail: MailKind? = .emailVerification, secret: String? = "123456") -> Notice {
        Notice(
            event: OutboxEvent(userID: UserID(user), type: type, payload: ["email": "x@example.com"], createdAt: now),
            mail: mail.map { MailRequest(id: "m_\(UUID().uuidString)", kind: $0, recipient: "x@example.com", recipientName: "X", language: "fr", secret: secret, createdAt: now) })
    }

    func account(_ owner: String) -> Account {
        Account(id: AccountID("a_" + owner), ownerID: UserID(owner), name: "Main Account", currency: .cad, createdAt: now)
    }

    func register(_ store: Store, _ user: User, digest: String = "d-right") throws {
        try store.gateway.identity.registerClaim(user, firstAccount: account(user.id.rawValue), code: code(user.id.rawValue, digest), notice: notice(user.id.rawValue))
    }

    @Test("a claim holds nothing: the holder lookup misses it, sign-in finds every claimer after the holder", arguments: Backend.allCases)
    func claimsHoldNothing(backend: Backend) throws {
        let store = try backend.makeStore()
        try register(store, claimer("u_c1", "shared@example.com"))
        try register(store, claimer("u_c2", "shared@example.com", at: 1))
        #expect(try store.gateway.users.fetch(email: "shared@example.com") == nil)
        #expect(try store.gateway.identity.claimCount(email: "shared@example.com") == 2)
        #expect(try store.gateway.users.signInCandidates(email: "shared@example.com", limit: 4).map(\.id.rawValue) == ["u_c1", "u_c2"])
        let shown = try #require(try store.gateway.users.fetch(id: UserID("u_c1")))
        #expect(shown.email == "shared@example.com" && !shown.isEmailVerified)
        // The claim's account, code, event and mail were written with it.
        #expect(try store.gateway.accounts.list(owner: UserID("u_c1"), after: nil, limit: 5).count == 1)
        #expect(try store.gateway.identity.hasLiveCode(of: UserID("u_c1"), purpose: .verifyEmail, at: now))
        #expect(try store.gateway.outbox.events(of: UserID("u_c1"), after: 0, limit: 5).map(\.position) == [1])
        #expect(try store.gateway.outbox.recentMail(limit: 10).count == 2)
    }

    @Test("a wrong code spends a try and changes nothing else; out of tries the code is dead; the right one verifies and holds the address", arguments: Backend.allCases)
    func verification(backend: Backend) throws {
        let store = try backend.makeStore()
        let identity = store.gateway.identity
        try register(store, claimer("u_c1", "bob@example.com"))
        let verified = notice("u_c1", .emailVerified, mail: nil)
        #expect(try identity.verifyEmail(of: UserID("u_c1"), digest: "d-wrong", at: now, notice: verified) == .mismatched(attemptsLeft: 2))
        #expect(try store.gateway.users.fetch(email: "bob@example.com") == nil)
        guard case .accepted(let user) = try identity.verifyEmail(of: UserID("u_c1"), digest: "d-right", at: now, notice: verified) else {
            Issue.record("the right code was refused")
            return
        }
        #expect(user.isEmailVerified && user.email == "bob@example.com")
        #expect(try store.gateway.users.fetch(email: "bob@example.com")?.id == UserID("u_c1"))
        #expect(try identity.verifyEmail(of: UserID("u_c1"), digest: "d-right", at: now, notice: verified) == .noLiveCode)
        #expect(try store.gateway.outbox.events(of: UserID("u_c1"), after: 0, limit: 5).map(\.type) == ["user.registered", "user.email_verified"])
        // Another claimer of the address can no longer win it.
        try register(store, claimer("u_c2", "bob@example.com", at: 1))
        #expect(try identity.verifyEmail(of: UserID("u_c2"), digest: "d-right", at: now, notice: notice("u_c2", .emailVerified, mail: nil)) == .emailTaken)
        #expect(try store.gateway.users.fetch(email: "bob@example.com")?.id == UserID("u_c1"))
    }

    @Test("a parallel burst of guesses spends one try each: no more comparisons than the tries", arguments: Backend.allCases)
    func parallelGuesses(backend: Backend) throws {
        let store = try backend.makeStore()
        try register(store, claimer("u_c1", "burst@example.com"))
        let gateways = [store.gateway, try store.independentGateway()]
        let results = Locked<[CodeCheck]>([])
        let now = self.now
        Threads.run(count: 10) { index in
            let answer = try? gateways[index % 2].identity.verifyEmail(
                of: UserID("u_c1"), digest: "d-guess\(index)", at: now, notice: Notice(event: OutboxEvent(userID: UserID("u_c1"), type: .emailVerified, createdAt: now)))
            if let answer { results.withValue { $0.append(answer) } }
        }
        #expect(results.current.count == 10)
        #expect(results.current.filter { if case .mismatched = $0 { true } else { false } }.count == 3)
        #expect(results.current.filter { $0 == .noLiveCode }.count == 7)
    }

    @Test("verifying takes the address from an unverified holder from before verification, who becomes a claimer", arguments: Backend.allCases)
    func takeover(backend: Backend) throws {
        let store = try backend.makeStore()
        let old = User(id: UserID("u_old"), name: "Old", email: "taken@example.com", passwordHash: "x", createdAt: now)
        let session = Session(tokenDigest: "d-old", userID: old.id, createdAt: now, expiresAt: now.addingTimeInterval(60))
        _ = try store.gateway.users.register(old, firstSession: session, firstAccount: account("u_old"))
        #expect(try store.gateway.users.fetch(email: "taken@example.com")?.id == UserID("u_old"))
        try register(store, claimer("u_new", "taken@example.com", at: 1))
        guard case .accepted = try store.gateway.identity.verifyEmail(of: UserID("u_new"), digest: "d-right", at: now, notice: notice("u_new", .emailVerified, mail: nil)) else {
            Issue.record("the verifier did not take the address")
            return
        }
        #expect(try store.gateway.users.fetch(email: "taken@example.com")?.id == UserID("u_new"))
        #expect(try store.gateway.users.fetch(id: UserID("u_old"))?.email == "taken@example.com")
        #expect(try store.gateway.users.signInCandidates(email: "taken@example.com", limit: 4).map(\.id.rawValue) == ["u_new", "u_old"])
    }

    @Test("a reset with the right code sets the password, verifies the address and revokes every session, once", arguments: Backend.allCases)
    func reset(backend: Backend) throws {
        let store = try backend.makeStore()
        let alice = UserID("u_alice")
        try store.gateway.sessions.insert(Session(tokenDigest: "d-a1", userID: alice, createdAt: now, expiresAt: now.addingTimeInterval(3600)))
        try store.gateway.identity.issueCode(code("u_alice", "d-reset", purpose: .resetPassword), notice: notice("u_alice", .passwordResetRequested, mail: .passwordReset))
        #expect(try store.gateway.identity.resetPassword(of: alice, digest: "d-nope", newPasswordHash: "new", at: now, notice: notice("u_alice", .passwordReset, mail: nil)) == .mismatched(attemptsLeft: 2))
        guard case .accepted(let user) = try store.gateway.identity.resetPassword(
            of: alice, digest: "d-reset", newPasswordHash: "new", at: now, notice: notice("u_alice", .passwordReset, mail: nil))
        else {
            Issue.record("the right reset code was refused")
            return
        }
        #expect(user.passwordHash == "new" && user.isEmailVerified)
        #expect(try store.gateway.sessions.fetch(tokenDigest: "d-a1")?.revokedAt == now)
        #expect(try store.gateway.identity.resetPassword(of: alice, digest: "d-reset", newPasswordHash: "again", at: now, notice: notice("u_alice", .passwordReset, mail: nil)) == .noLiveCode)
    }

    @Test("the purge removes claimers past their lifetime with what they own, and dead codes; verified users stay", arguments: Backend.allCases)
    func purge(backend: Backend) throws {
        let store = try backend.makeStore()
        try register(store, claimer("u_old", "old@example.com", at: -10))
        try register(store, claimer("u_young", "young@example.com", at: 10))
        #expect(try store.gateway.identity.purgeUnverified(createdBefore: now, limit: 10) == 1)
        #expect(try store.gateway.users.fetch(id: UserID("u_old")) == nil)
        #expect(try store.gateway.accounts.list(owner: UserID("u_old"), after: nil, limit: 5).isEmpty)
        #expect(try store.gateway.users.fetch(id: UserID("u_young")) != nil)
        #expect(try store.gateway.users.fetch(id: UserID("u_alice")) != nil)
        #expect(try store.gateway.identity.purgeCodes(expiredAt: now.addingTimeInterval(901), limit: 10) == 1)
    }

    @Test("the purge never removes a claimer whose accounts hold a ledger row: money and history are not the purge's to delete", arguments: Backend.allCases)
    func purgeKeepsMoney(backend: Backend) throws {
        let store = try backend.makeStore()
        try register(store, claimer("u_rich", "rich@example.com", at: -10))
        try register(store, claimer("u_poor", "poor@example.com", at: -10))
        try store.fund("a_u_rich", 1)
        #expect(try store.gateway.identity.purgeUnverified(createdBefore: now, limit: 10) == 1)
        #expect(try store.gateway.users.fetch(id: UserID("u_rich")) != nil)
        #expect(try store.gateway.accounts.balance(of: AccountID("a_u_rich")) == 1)
        #expect(try store.gateway.users.fetch(id: UserID("u_poor")) == nil)
    }
}
