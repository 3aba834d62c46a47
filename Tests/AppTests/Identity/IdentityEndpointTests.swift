import App
import Domain
import Foundation
import TestSupport
import Testing
import Web

/// Who is who, over real sockets against real storage: registration that answers alike, codes
/// that prove a mailbox or reset a password, and money that only a verified holder receives.
@Suite("identity: verified emails and password resets, end to end")
struct IdentityEndpointTests {
    static func register(_ app: TestApplication, _ email: String, password: String = "correct horse battery", name: String = "Bob") throws -> TestClient.Response {
        try app.request("POST", "/v1/users", json: #"{"name":"\#(name)","email":"\#(email)","password":"\#(password)"}"#, auth: .none)
    }

    /// The owner's CAD account funded with 100.00; a contact of the owner's with `email`.
    static func sender(_ app: TestApplication, paying email: String) throws -> (account: String, contact: String) {
        let main = try #require(try app.firstAccount()["id"] as? String)
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: main)
        let contact = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Bob","email":"\#(email)"}"#)
        return (main, try #require(TestApplication.object(contact)["id"] as? String))
    }

    static func balance(_ app: TestApplication, auth: TestApplication.Auth) throws -> Int? {
        (try app.firstAccount(auth: auth)["balance"] as? [String: Any])?["minor"] as? Int
    }

    /// The squat of the issue, step by step, on `app`'s store.
    static func squatFails(_ app: TestApplication) throws {
        let (main, bob) = try sender(app, paying: "bob@example.com")
        let pay = #"{"fromAccountId":"\#(main)","toContactId":"\#(bob)","amount":"25.00"}"#
        // Nobody holds Bob's address verified: the money waits for whoever proves the mailbox.
        let waiting = try app.request("POST", "/v1/transfers", json: pay)
        #expect(waiting.status == 201 && TestApplication.object(waiting)["status"] as? String == "pending", "\(waiting.text)")
        let transfer = try #require(TestApplication.object(waiting)["id"] as? String)
        // A stranger registers Bob's address and signs in: the account exists, unverified.
        #expect(try register(app, "bob@example.com", password: "stolen password", name: "Mallory").status == 202)
        let mallory = try app.signIn(email: "bob@example.com", password: "stolen password")
        #expect(TestApplication.object(try app.request("GET", "/v1/me", auth: .bearer(mallory)))["emailVerified"] as? Bool == false)
        let malloryMain = try #require(try app.firstAccount(auth: .bearer(mallory))["id"] as? String)
        // Mallory can neither see the waiting money nor claim it, and a second payment waits too.
        let hidden = try app.request("GET", "/v1/transfers/incoming", auth: .bearer(mallory))
        #expect(hidden.status == 403 && TestApplication.object(hidden)["code"] as? String == "email_not_verified", "\(hidden.text)")
        let stolen = try app.request(
            "POST", "/v1/transfers/\(transfer)/claim", json: #"{"toAccountId":"\#(malloryMain)"}"#, auth: .bearer(mallory))
        #expect(stolen.status == 403 && TestApplication.object(stolen)["code"] as? String == "email_not_verified", "\(stolen.text)")
        let second = try app.request("POST", "/v1/transfers", json: pay)
        #expect(second.status == 201 && TestApplication.object(second)["status"] as? String == "pending", "\(second.text)")
        #expect(try balance(app, auth: .bearer(mallory)) == 0)
        // A wrong guess at the code verifies nothing.
        let guess = try app.request("POST", "/v1/users/verify", json: #"{"code":"000000"}"#, auth: .bearer(mallory))
        #expect(guess.status == 422)
        // The real Bob registers too: the unverified claim reserved nothing, and he proves the mailbox.
        #expect(try register(app, "bob@example.com", password: "bobs own password").status == 202)
        let realBob = try app.signIn(email: "bob@example.com", password: "bobs own password")
        let code = try app.mailedCode(to: "bob@example.com")
        let verified = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(code)"}"#, auth: .bearer(realBob))
        #expect(verified.status == 200, "\(verified.text)")
        let bobMain = try #require(try app.firstAccount(auth: .bearer(realBob))["id"] as? String)
        let incoming = TestApplication.object(try app.request("GET", "/v1/transfers/incoming", auth: .bearer(realBob)))
        #expect((incoming["items"] as? [[String: Any]])?.count == 2, "\(incoming)")
        let claimed = try app.request("POST", "/v1/transfers/\(transfer)/claim", json: #"{"toAccountId":"\#(bobMain)"}"#, auth: .bearer(realBob))
        #expect(claimed.status == 200 && TestApplication.object(claimed)["status"] as? String == "completed", "\(claimed.text)")
        // Now that Bob holds the address verified, the next payment lands at once.
        let direct = try app.request("POST", "/v1/transfers", json: pay)
        #expect(direct.status == 201 && TestApplication.object(direct)["status"] as? String == "completed", "\(direct.text)")
        #expect(try balance(app, auth: .bearer(realBob)) == 5_000)
        #expect(try balance(app, auth: .bearer(mallory)) == 0)
        // Mallory's own code (the first one mailed) can no longer win the address.
        let taken = try app.request("POST", "/v1/users/verify", json: #"{"code":"000001"}"#, auth: .bearer(mallory))
        #expect([409, 422].contains(taken.status))
    }

    @Test("the squat fails on SQLite: money to a contact's address reaches only its verified owner, never the first to register it")
    func squatFailsOnSQLite() throws {
        try Self.squatFails(try TestApplication())
    }

    @Test("the squat fails on PostgreSQL too")
    func squatFailsOnPostgres() throws {
        try Self.squatFails(try TestApplication.postgres())
    }

    @Test("registering a free and a held address answer with the same status, fields and words")
    func registrationAnswersAlike() throws {
        let app = try TestApplication()
        let free = try Self.register(app, "free@example.com")
        let held = try Self.register(app, "owner@example.com")
        #expect(free.status == 202 && held.status == 202)
        let freeBody = TestApplication.object(free)
        let heldBody = TestApplication.object(held)
        #expect(Set(freeBody.keys) == Set(heldBody.keys))
        #expect((freeBody["detail"] as? String)?.replacingOccurrences(of: "free@", with: "owner@") == heldBody["detail"] as? String)
        #expect(free.header("Content-Type") == held.header("Content-Type") && free.header("Cache-Control") == held.header("Cache-Control"))
        // The holder was told; the free address got a code.
        let mail = try app.application.storage.gateway.outbox.recentMail(limit: 10)
        #expect(mail.contains { $0.request.recipient == "owner@example.com" && $0.request.kind == .registrationAttempt && $0.request.secret == nil })
        #expect(mail.contains { $0.request.recipient == "free@example.com" && $0.request.kind == .emailVerification && $0.request.secret?.count == 6 })
    }

    @Test("a code has five tries, then it is dead; a new one replaces it; the right one verifies once")
    func codeTries() throws {
        let app = try TestApplication()
        let token = try app.register(email: "carol@example.com", verified: false)
        let first = try app.mailedCode(to: "carol@example.com")
        let wrong = first == "999999" ? "999998" : "999999"
        var lefts: [String] = []
        for _ in 0..<5 {
            let answer = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(wrong)"}"#, auth: .bearer(token))
            lefts.append("\(answer.status) \(TestApplication.object(answer)["code"] as? String ?? "")")
        }
        #expect(lefts == ["422 invalid_code", "422 invalid_code", "422 invalid_code", "422 invalid_code", "422 code_expired"])
        let late = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(first)"}"#, auth: .bearer(token))
        #expect(TestApplication.object(late)["code"] as? String == "code_expired")
        let resent = try app.request("POST", "/v1/users/verification", auth: .bearer(token))
        #expect(resent.status == 202, "\(resent.text)")
        let second = try app.mailedCode(to: "carol@example.com")
        let ok = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(second)"}"#, auth: .bearer(token))
        #expect(ok.status == 200 && TestApplication.object(ok)["emailVerified"] as? Bool == true)
        let again = try app.request("POST", "/v1/users/verification", auth: .bearer(token))
        #expect(again.status == 409 && TestApplication.object(again)["code"] as? String == "already_verified")
        // The outbox has the user's events in order.
        let user = try #require(TestApplication.object(ok)["id"] as? String)
        let events = try app.application.storage.gateway.outbox.events(of: UserID(user), after: 0, limit: 10)
        #expect(events.map(\.type) == ["user.registered", "user.email_verification_requested", "user.email_verified"])
        #expect(events.map(\.position) == [1, 2, 3])
    }

    @Test("resends are limited per address: past five an hour, 429 with Retry-After")
    func resendsAreLimited() throws {
        let app = try TestApplication()
        let token = try app.register(email: "dave@example.com", verified: false)
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try app.request("POST", "/v1/users/verification", auth: .bearer(token)).status) }
        // The registration's own code was the first of five.
        #expect(statuses == [202, 202, 202, 202, 429])
    }

    @Test("a password reset: the same answer for a held and an unknown address, a code that works once, every session ended")
    func passwordReset() throws {
        let app = try TestApplication()
        let other = try app.signIn(email: "owner@example.com")
        let known = try app.request("POST", "/v1/password-resets", json: #"{"email":"Owner@Example.com"}"#, auth: .none)
        let unknown = try app.request("POST", "/v1/password-resets", json: #"{"email":"nobody@example.com"}"#, auth: .none)
        #expect(known.status == 202 && unknown.status == 202)
        #expect(Set(TestApplication.object(known).keys) == Set(TestApplication.object(unknown).keys))
        let code = try app.mailedCode(to: "owner@example.com", kind: .passwordReset)
        let wrongAddress = try app.request(
            "POST", "/v1/password-resets/confirm", json: #"{"email":"nobody@example.com","code":"\#(code)","newPassword":"brand new password"}"#, auth: .none)
        #expect(wrongAddress.status == 422)
        let weak = try app.request("POST", "/v1/password-resets/confirm", json: #"{"email":"owner@example.com","code":"\#(code)","newPassword":"short"}"#, auth: .none)
        #expect(weak.status == 422 && TestApplication.object(weak)["code"] as? String == "validation_failed")
        let confirm = #"{"email":"owner@example.com","code":"\#(code)","newPassword":"brand new password"}"#
        let done = try app.request("POST", "/v1/password-resets/confirm", json: confirm, auth: .none)
        #expect(done.status == 200, "\(done.text)")
        let twice = try app.request("POST", "/v1/password-resets/confirm", json: confirm, auth: .none)
        #expect(twice.status == 422 && TestApplication.object(twice)["code"] as? String == "code_expired")
        // Every session ended (within the authenticator's one-second cache).
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try app.request("GET", "/v1/me").status == 401)
        #expect(try app.request("GET", "/v1/me", auth: .bearer(other)).status == 401)
        #expect(try app.request("POST", "/v1/sessions", json: #"{"email":"owner@example.com","password":"correct horse battery"}"#, auth: .none).status == 401)
        #expect(try app.signIn(email: "owner@example.com", password: "brand new password").isEmpty == false)
    }

    @Test("two unverified claimers of one address each sign in with their own password, to their own data")
    func claimersSignInApart() throws {
        let app = try TestApplication()
        #expect(try Self.register(app, "shared@example.com", password: "first password").status == 202)
        #expect(try Self.register(app, "shared@example.com", password: "second password").status == 202)
        let first = TestApplication.object(try app.request("GET", "/v1/me", auth: .bearer(try app.signIn(email: "shared@example.com", password: "first password"))))
        let second = TestApplication.object(try app.request("GET", "/v1/me", auth: .bearer(try app.signIn(email: "shared@example.com", password: "second password"))))
        #expect(first["id"] as? String != nil && first["id"] as? String != second["id"] as? String)
        #expect(try app.request("POST", "/v1/sessions", json: #"{"email":"shared@example.com","password":"third password"}"#, auth: .none).status == 401)
    }

    @Test("an account that never verifies is purged after its lifetime, and its claim with it")
    func unverifiedArePurged() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock)
        #expect(try Self.register(app, "late@example.com").status == 202)
        _ = try app.signIn(email: "late@example.com")
        clock.advance(by: 8 * 24 * 3600)
        let purged = app.application.expiredRecordPurge.run()
        #expect(purged[.unverifiedUsers] == 1)
        #expect(try app.request("POST", "/v1/sessions", json: #"{"email":"late@example.com","password":"correct horse battery"}"#, auth: .none).status == 401)
        // The owner, verified at start, stays.
        let owner = try app.application.storage.gateway.users.fetch(email: "owner@example.com")
        #expect(owner?.isEmailVerified == true)
    }
}
