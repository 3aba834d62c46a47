import App
import Domain
import Web
import Foundation
import TestSupport
import Testing

/// Money that waits for its owner, over real sockets on both stores: a payee who has not signed
/// up yet claims it once verified, the sender cancels it, the payee declines it, or time expires
/// it; each resolution happens once, and the funds add up at every step.
@Suite("pending transfers, end to end")
struct PendingTransfersEndpointTests {
    /// The sender (the application's owner) with 100.00 in their first account and a contact
    /// for `email`; returns the account and the contact.
    static func sender(_ app: TestApplication, paying email: String) throws -> (account: String, contact: String) {
        let main = try #require(try app.firstAccount()["id"] as? String)
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: main)
        let contact = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Paula","lastName":"Payee","email":"\#(email)"}"#)
        return (main, try #require(TestApplication.object(contact)["id"] as? String))
    }

    static func pay(_ app: TestApplication, _ from: String, _ contact: String, _ amount: String = "25.00", key: String? = nil) throws -> [String: Any] {
        let sent = try app.request(
            "POST", "/v1/transfers", json: #"{"fromAccountId":"\#(from)","toContactId":"\#(contact)","amount":"\#(amount)"}"#,
            headers: key.map { ["Idempotency-Key": $0] } ?? [:])
        #expect(sent.status == 201, "\(sent.text)")
        return TestApplication.object(sent)
    }

    static func amount(_ app: TestApplication, _ account: String, _ field: String, auth: TestApplication.Auth = .owner) throws -> Int? {
        (TestApplication.object(try app.request("GET", "/v1/accounts/\(account)", auth: auth))[field] as? [String: Any])?["minor"] as? Int
    }

    static func code(_ response: TestClient.Response) -> String? { TestApplication.object(response)["code"] as? String }

    /// The issue's first "done when", on `app`'s store.
    static func payeeSignsUpAndClaims(_ app: TestApplication) throws {
        let (main, paula) = try sender(app, paying: "paula@example.com")
        let sent = try pay(app, main, paula, key: "pay-paula")
        let id = try #require(sent["id"] as? String)
        #expect(sent["status"] as? String == "pending")
        #expect(try amount(app, main, "balance") == 10_000 && amount(app, main, "available") == 7_500 && amount(app, main, "pending") == 2_500)

        // The list and the report show what is held apart from the rows: there is no row yet.
        let listed = TestApplication.object(try app.request("GET", "/v1/accounts/\(main)/transactions"))
        #expect((listed["pending"] as? [String: Any])?["minor"] as? Int == 2_500 && (listed["items"] as? [Any])?.count == 1)
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let report = try app.request("GET", "/v1/accounts/\(main)/report?from=\(year)-01-01&to=\(year)-12-31")
        #expect(report.text.contains("Pending transfers") && report.text.contains("Transfer to Paula Payee"), "\(report.text)")

        let payee = try app.register(email: "paula@example.com", name: "Paula Payee")
        let payeeMain = try #require(try app.firstAccount(auth: .bearer(payee))["id"] as? String)
        let incoming = TestApplication.object(try app.request("GET", "/v1/transfers/incoming", auth: .bearer(payee)))
        let item = try #require((incoming["items"] as? [[String: Any]])?.first)
        #expect(item["id"] as? String == id && item["senderName"] as? String == "Test User" && item["status"] as? String == "pending")
        #expect(item["fromAccountId"] == nil, "the sender's account ids stay out of the recipient's view")

        let claim = #"{"toAccountId":"\#(payeeMain)"}"#
        let claimed = try app.request("POST", "/v1/transfers/\(id)/claim", json: claim, headers: ["Idempotency-Key": "claim-1"], auth: .bearer(payee))
        #expect(claimed.status == 200 && TestApplication.object(claimed)["status"] as? String == "completed", "\(claimed.text)")
        #expect(TestApplication.object(claimed)["toAccountId"] as? String == payeeMain)
        // A retry with the key replays; a second claim without it is told it was completed first.
        let replayed = try app.request("POST", "/v1/transfers/\(id)/claim", json: claim, headers: ["Idempotency-Key": "claim-1"], auth: .bearer(payee))
        #expect(replayed.status == 200 && replayed.header("Idempotent-Replayed") == "true")
        let again = try app.request("POST", "/v1/transfers/\(id)/claim", json: claim, auth: .bearer(payee))
        #expect(again.status == 409 && code(again) == "transfer_completed", "\(again.text)")
        let cancel = try app.request("POST", "/v1/transfers/\(id)/cancel")
        #expect(cancel.status == 409 && code(cancel) == "transfer_completed", "\(cancel.text)")

        #expect(try amount(app, main, "balance") == 7_500 && amount(app, main, "available") == 7_500 && amount(app, main, "pending") == 0)
        #expect(try amount(app, payeeMain, "balance", auth: .bearer(payee)) == 2_500)
        let shown = TestApplication.object(try app.request("GET", "/v1/transfers/\(id)"))
        #expect(shown["status"] as? String == "completed" && shown["toAccountId"] as? String == payeeMain)
        let legs = TestApplication.object(try app.request("GET", "/v1/accounts/\(payeeMain)/transactions", auth: .bearer(payee)))["items"] as? [[String: Any]]
        #expect(legs?.first?["description"] as? String == "Transfer from Test User", "\(legs ?? [])")
        // Nothing waits any more.
        let after = TestApplication.object(try app.request("GET", "/v1/transfers/incoming", auth: .bearer(payee)))
        #expect((after["items"] as? [Any])?.isEmpty == true && after["message"] as? String == "No money is waiting for you")
    }

    @Test("a payee who signs up later verifies and claims: the sender's available dropped at once, the balance only on the claim (SQLite)")
    func claimOnSQLite() throws {
        try Self.payeeSignsUpAndClaims(try TestApplication())
    }

    @Test("a payee who signs up later verifies and claims (PostgreSQL)")
    func claimOnPostgres() throws {
        try Self.payeeSignsUpAndClaims(try TestApplication.postgres())
    }

    @Test("the sender cancels while it waits: the money is available again, and the payee can no longer claim it")
    func senderCancels() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let cancelled = try app.request("POST", "/v1/transfers/\(id)/cancel", headers: ["Idempotency-Key": "cancel-1"])
        #expect(cancelled.status == 200, "\(cancelled.text)")
        let body = TestApplication.object(cancelled)
        #expect(body["status"] as? String == "cancelled" && body["cancelledBy"] as? String == "sender")
        #expect(try Self.amount(app, main, "available") == 10_000 && Self.amount(app, main, "pending") == 0)
        let twice = try app.request("POST", "/v1/transfers/\(id)/cancel")
        #expect(twice.status == 409 && Self.code(twice) == "transfer_cancelled")

        let payee = try app.register(email: "paula@example.com")
        let payeeMain = try #require(try app.firstAccount(auth: .bearer(payee))["id"] as? String)
        let late = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(payeeMain)"}"#, auth: .bearer(payee))
        #expect(late.status == 409 && Self.code(late) == "transfer_cancelled", "\(late.text)")
        #expect(try Self.amount(app, payeeMain, "balance", auth: .bearer(payee)) == 0)
        // Someone else's transfer cannot be cancelled by the payee: it is not theirs to cancel.
        let other = try app.request("POST", "/v1/transfers/\(id)/cancel", auth: .bearer(payee))
        #expect(other.status == 404)
    }

    @Test("the payee declines: released to the sender, shown as declined by the recipient, and the sender's cancel is told so")
    func payeeDeclines() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let payee = try app.register(email: "paula@example.com")
        let declined = try app.request("POST", "/v1/transfers/\(id)/decline", auth: .bearer(payee))
        #expect(declined.status == 200 && TestApplication.object(declined)["status"] as? String == "cancelled", "\(declined.text)")
        let shown = TestApplication.object(try app.request("GET", "/v1/transfers/\(id)"))
        #expect(shown["cancelledBy"] as? String == "recipient" && shown["statusText"] as? String == "Declined by the recipient: the money is back")
        #expect(try Self.amount(app, main, "available") == 10_000)
        let cancel = try app.request("POST", "/v1/transfers/\(id)/cancel")
        #expect(cancel.status == 409 && Self.code(cancel) == "transfer_declined")
    }

    @Test("an unverified holder of the address sees and claims nothing; a verified user of another address finds nothing")
    func onlyTheVerifiedOwner() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let squatter = try app.register(email: "paula@example.com", verified: false)
        let squatterMain = try #require(try app.firstAccount(auth: .bearer(squatter))["id"] as? String)
        for (method, path, body) in [
            ("GET", "/v1/transfers/incoming", nil), ("POST", "/v1/transfers/\(id)/claim", #"{"toAccountId":"\#(squatterMain)"}"#),
            ("POST", "/v1/transfers/\(id)/decline", nil),
        ] as [(String, String, String?)] {
            let refused = try app.request(method, path, json: body, auth: .bearer(squatter))
            #expect(refused.status == 403 && Self.code(refused) == "email_not_verified", "\(path): \(refused.text)")
        }
        let stranger = try app.register(email: "stranger@example.com")
        let strangerMain = try #require(try app.firstAccount(auth: .bearer(stranger))["id"] as? String)
        let notTheirs = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(strangerMain)"}"#, auth: .bearer(stranger))
        #expect(notTheirs.status == 404, "\(notTheirs.text)")
        #expect(try Self.amount(app, main, "pending") == 2_500)
    }

    @Test("a claim names one of the claimant's accounts in the money's currency: missing 422, another's 404, another currency 422")
    func claimAccountRules() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let payee = try app.register(email: "paula@example.com")
        let usd = try app.request("POST", "/v1/accounts", json: #"{"name":"Dollars","currency":"USD"}"#, auth: .bearer(payee))
        let usdID = try #require(TestApplication.object(usd)["id"] as? String)
        let missing = try app.request("POST", "/v1/transfers/\(id)/claim", json: "{}", auth: .bearer(payee))
        #expect(missing.status == 422 && Self.code(missing) == "validation_failed", "\(missing.text)")
        #expect(TestApplication.object(missing)["detail"] as? String == "Choose one of your accounts to claim into: toAccountId")
        let foreign = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(main)"}"#, auth: .bearer(payee))
        #expect(foreign.status == 404, "\(foreign.text)")
        let mismatch = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(usdID)"}"#, auth: .bearer(payee))
        #expect(mismatch.status == 422 && Self.code(mismatch) == "currency_mismatch", "\(mismatch.text)")
        let malformed = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":42}"#, auth: .bearer(payee))
        #expect(malformed.status == 400, "\(malformed.text)")
        #expect(try Self.amount(app, main, "pending") == 2_500)
    }

    @Test("a sender who verifies the address later claims their own money into another account, never back into the source")
    func senderClaimsOwnMoney() throws {
        let app = try TestApplication()
        let self_ = try app.register(email: "me@example.com", verified: false)
        let main = try #require(try app.firstAccount(auth: .bearer(self_))["id"] as? String)
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: main)
        let contact = TestApplication.object(try app.request(
            "POST", "/v1/contacts", json: #"{"firstName":"Me","email":"me@example.com"}"#, auth: .bearer(self_)))
        let sent = try app.request(
            "POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toContactId":"\#(contact["id"] as? String ?? "")","amount":"5.00"}"#,
            auth: .bearer(self_))
        let id = try #require(TestApplication.object(sent)["id"] as? String)
        #expect(TestApplication.object(sent)["status"] as? String == "pending", "\(sent.text)")
        let verified = try app.request("POST", "/v1/users/verify", json: #"{"code":"\#(try app.mailedCode(to: "me@example.com"))"}"#, auth: .bearer(self_))
        #expect(verified.status == 200)
        let back = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(main)"}"#, auth: .bearer(self_))
        #expect(back.status == 422 && Self.code(back) == "same_account", "\(back.text)")
        let savings = TestApplication.object(try app.request("POST", "/v1/accounts", json: #"{"name":"Savings","currency":"CAD"}"#, auth: .bearer(self_)))
        let claimed = try app.request(
            "POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(savings["id"] as? String ?? "")"}"#, auth: .bearer(self_))
        #expect(claimed.status == 200, "\(claimed.text)")
        #expect(try Self.amount(app, main, "balance", auth: .bearer(self_)) == 9_500)
    }

    @Test("a payee who never signs up: after the hold lifetime the upkeep expires it, never before, and the money is the sender's again")
    func expiry() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock) { configuration in
            configuration.transferPolicy.holdLifetime = 3_600
            // The test's tokens outlast the hold.
            configuration.sessionPolicy.accessTokenLifetime = 86_400
            configuration.sessionPolicy.idleTimeout = 86_400
        }
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        clock.advance(by: 3_599)
        #expect(app.application.expiredRecordPurge.run()[.expiredTransfers] == 0)
        #expect(try Self.amount(app, main, "pending") == 2_500)
        clock.advance(by: 1)
        #expect(app.application.expiredRecordPurge.run()[.expiredTransfers] == 1)
        let shown = TestApplication.object(try app.request("GET", "/v1/transfers/\(id)"))
        #expect(shown["status"] as? String == "expired" && shown["statusText"] as? String == "Expired unclaimed: the money is back")
        #expect(try Self.amount(app, main, "available") == 10_000 && Self.amount(app, main, "balance") == 10_000)
        let payee = try app.register(email: "paula@example.com")
        let payeeMain = try #require(try app.firstAccount(auth: .bearer(payee))["id"] as? String)
        let late = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(payeeMain)"}"#, auth: .bearer(payee))
        #expect(late.status == 409 && Self.code(late) == "transfer_expired", "\(late.text)")
    }

    @Test("a claim after the end but before the upkeep ran finds it expired, and expires it")
    func claimPastTheEnd() throws {
        let clock = MovableClock()
        let app = try TestApplication(clock: clock) { $0.transferPolicy.holdLifetime = 60 }
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let payee = try app.register(email: "paula@example.com")
        let payeeMain = try #require(try app.firstAccount(auth: .bearer(payee))["id"] as? String)
        clock.advance(by: 60)
        let late = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(payeeMain)"}"#, auth: .bearer(payee))
        #expect(late.status == 409 && Self.code(late) == "transfer_expired", "\(late.text)")
        #expect(try Self.amount(app, main, "pending") == 0)
    }

    @Test("the money stays bound to the address it was sent to when the contact's email changes")
    func boundToTheAddress() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        let id = try #require(try Self.pay(app, main, paula)["id"] as? String)
        let contact = try app.request("GET", "/v1/contacts/\(paula)")
        let changed = try app.request(
            "PATCH", "/v1/contacts/\(paula)", json: #"{"email":"mallory@example.com"}"#, headers: ["If-Match": contact.header("ETag") ?? "*"])
        #expect(changed.status == 200, "\(changed.text)")
        let mallory = try app.register(email: "mallory@example.com")
        let malloryMain = try #require(try app.firstAccount(auth: .bearer(mallory))["id"] as? String)
        let refused = try app.request("POST", "/v1/transfers/\(id)/claim", json: #"{"toAccountId":"\#(malloryMain)"}"#, auth: .bearer(mallory))
        #expect(refused.status == 404, "\(refused.text)")
        let listed = TestApplication.object(try app.request("GET", "/v1/transfers/incoming", auth: .bearer(mallory)))
        #expect((listed["items"] as? [Any])?.isEmpty == true)
    }

    @Test("a sender may have only so many transfers waiting: one more is 422 quota_exceeded and reserves nothing")
    func pendingQuota() throws {
        let app = try TestApplication { $0.quotas.pendingTransfers = 2 }
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        _ = try Self.pay(app, main, paula, "1.00")
        _ = try Self.pay(app, main, paula, "1.00")
        let third = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toContactId":"\#(paula)","amount":"1.00"}"#)
        #expect(third.status == 422 && Self.code(third) == "quota_exceeded", "\(third.text)")
        #expect(try Self.amount(app, main, "pending") == 200)
    }

    @Test("a pending transfer counts against available funds: what it holds cannot be spent twice")
    func holdsCountAgainstAvailable() throws {
        let app = try TestApplication()
        let (main, paula) = try Self.sender(app, paying: "paula@example.com")
        _ = try Self.pay(app, main, paula, "80.00")
        let over = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toContactId":"\#(paula)","amount":"20.01"}"#)
        #expect(over.status == 422 && Self.code(over) == "insufficient_funds", "\(over.text)")
        _ = try Self.pay(app, main, paula, "20.00")
        #expect(try Self.amount(app, main, "available") == 0)
    }
}
