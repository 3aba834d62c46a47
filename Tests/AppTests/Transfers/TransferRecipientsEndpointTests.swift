import App
import Domain
import Foundation
import TestSupport
import Testing

/// Who a transfer can reach, over real sockets against a real temporary database: contacts who are
/// registered users, and the refusals (an unreachable contact, another currency) that store nothing.
@Suite("transfer recipients, end to end")
struct TransferRecipientsEndpointTests {
    /// Funds an account with `amount` by a posted credit in the operator's feed import.
    func fund(_ app: TestApplication, _ account: String, amount: String = "100.00") throws {
        let feed = app.directory.appendingPathComponent("feed-\(account).json")
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"\#(amount)","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: account)
    }

    /// Opens an account for the user whose token is given; returns its id.
    func openAccount(_ app: TestApplication, name: String, currency: String, auth: TestApplication.Auth = .owner) throws -> String {
        let created = try app.request("POST", "/v1/accounts", json: #"{"name":"\#(name)","currency":"\#(currency)"}"#, auth: auth)
        #expect(created.status == 201, "\(created.text)")
        return try #require(TestApplication.object(created)["id"] as? String)
    }

    /// Creates a contact of the owner's; returns its id.
    func contact(_ app: TestApplication, email: String) throws -> String {
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Rita","lastName":"Recipient","email":"\#(email)"}"#)
        #expect(created.status == 201, "\(created.text)")
        return try #require(TestApplication.object(created)["id"] as? String)
    }

    func money(_ app: TestApplication, _ account: String, _ field: String = "balance", auth: TestApplication.Auth = .owner) throws -> Int? {
        let shown = TestApplication.object(try app.request("GET", "/v1/accounts/\(account)", auth: auth))
        return (shown[field] as? [String: Any])?["minor"] as? Int
    }

    func transactions(_ app: TestApplication, _ account: String, auth: TestApplication.Auth = .owner) throws -> [[String: Any]] {
        TestApplication.object(try app.request("GET", "/v1/accounts/\(account)/transactions?limit=100", auth: auth))["items"] as? [[String: Any]] ?? []
    }

    @Test("to a contact whose email is a registered user's: credited to that user's first account in the source's currency, in their transactions")
    func registeredContact() throws {
        let app = try TestApplication()
        let rita = try app.register(email: "rita@example.com", name: "Rita Recipient")
        let ritaMain = try #require(try app.firstAccount(auth: .bearer(rita))["id"] as? String)
        // Rita's first account is CAD; her first USD account is the one a USD transfer must reach.
        let ritaTravel = try openAccount(app, name: "Travel", currency: "USD", auth: .bearer(rita))
        // Accounts are ordered by creation time in milliseconds, then by their random id: two
        // opened within one millisecond have no defined "first" (a known gap, reported on issue 22).
        // Opening the second a few milliseconds later keeps this test about the recipient rule.
        Thread.sleep(forTimeInterval: 0.005)
        let ritaSpare = try openAccount(app, name: "Spare", currency: "USD", auth: .bearer(rita))
        let dollars = try openAccount(app, name: "Dollars", currency: "USD")
        try fund(app, dollars)
        // The contact's email differs in case: users are found by their normalized email.
        let contactID = try contact(app, email: "Rita@Example.com")

        let created = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(dollars)","toContactId":"\#(contactID)","amount":"12.34"}"#)
        #expect(created.status == 201, "\(created.text)")
        let recipient = TestApplication.object(created)["recipient"] as? [String: Any]
        #expect(recipient?["type"] as? String == "contact" && recipient?["id"] as? String == contactID)
        #expect(recipient?["name"] as? String == "Rita Recipient")

        #expect(try money(app, ritaTravel, auth: .bearer(rita)) == 1_234)
        #expect(try money(app, ritaSpare, auth: .bearer(rita)) == 0)
        #expect(try money(app, ritaMain, auth: .bearer(rita)) == 0)
        #expect(try money(app, dollars) == 10_000 - 1_234)
        let credits = try transactions(app, ritaTravel, auth: .bearer(rita))
        #expect(credits.count == 1)
        #expect(credits.first?["description"] as? String == "Transfer from Test User")
        #expect(credits.first?["direction"] as? String == "credit")
        #expect(try transactions(app, dollars).contains { $0["description"] as? String == "Transfer to Rita Recipient" })
        // The transfer is the sender's, not the recipient's.
        let ritaHistory = TestApplication.object(try app.request("GET", "/v1/transfers", auth: .bearer(rita)))
        #expect((ritaHistory["items"] as? [Any])?.isEmpty == true)
    }

    @Test("to a contact with no verified user: 201 pending, reserved on the source (available drops, balance does not), no leg; a draft step naming them is taken")
    func unverifiedContactWaits() throws {
        let app = try TestApplication()
        let main = try #require(try app.firstAccount()["id"] as? String)
        try fund(app, main)
        let contactID = try contact(app, email: "nobody@example.com")
        let body = #"{"fromAccountId":"\#(main)","toContactId":"\#(contactID)","amount":"1.00"}"#

        let sent = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "to-nobody"])
        #expect(sent.status == 201, "\(sent.text)")
        let transfer = TestApplication.object(sent)
        #expect(transfer["status"] as? String == "pending" && transfer["toAccountId"] is NSNull)
        #expect((transfer["recipient"] as? [String: Any])?["email"] as? String == "nobody@example.com")
        #expect((transfer["statusText"] as? String)?.hasPrefix("Waiting for nobody@example.com to claim it until ") == true, "\(transfer)")
        #expect(try money(app, main) == 10_000 && money(app, main, "pending") == 100 && money(app, main, "available") == 9_900)
        #expect(try transactions(app, main).count == 1)
        let mail = try app.application.storage.gateway.outbox.recentMail(limit: 10)
        #expect(mail.contains { $0.request.recipient == "nobody@example.com" && $0.request.kind == .transferPending && $0.request.details["amountMinor"] == "100" })

        // A draft step naming them is taken: the money will wait for them too.
        let draft = TestApplication.object(try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(main)"}"#))
        let draftID = try #require(draft["id"] as? String)
        let step = try app.request("PATCH", "/v1/transfer-drafts/\(draftID)", json: #"{"toContactId":"\#(contactID)"}"#)
        #expect(step.status == 200 && TestApplication.object(step)["nextStep"] as? String == "amount", "\(step.text)")
    }

    @Test("to a contact without an email: 422 recipient_not_reachable at /toContactId, nothing stored")
    func contactWithoutEmail() throws {
        let app = try TestApplication()
        let main = try #require(try app.firstAccount()["id"] as? String)
        try fund(app, main)
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Nomail"}"#)
        let contactID = try #require(TestApplication.object(created)["id"] as? String)
        let refused = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toContactId":"\#(contactID)","amount":"1.00"}"#)
        #expect(refused.status == 422 && TestApplication.object(refused)["code"] as? String == "recipient_not_reachable", "\(refused.text)")
        #expect(try money(app, main, "available") == 10_000)
    }

    @Test("between two of the user's accounts in different currencies: 422 currency_mismatch at /toAccountId, nothing stored")
    func currencyMismatch() throws {
        let app = try TestApplication()
        let main = try #require(try app.firstAccount()["id"] as? String)
        #expect(try app.firstAccount()["currency"] as? String == "CAD")
        try fund(app, main)
        let dollars = try openAccount(app, name: "Dollars", currency: "USD")

        let refused = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(dollars)","amount":"1.00"}"#)
        #expect(refused.status == 422, "\(refused.text)")
        let problem = TestApplication.object(refused)
        #expect(problem["code"] as? String == "currency_mismatch")
        #expect((problem["errors"] as? [[String: Any]])?.first?["pointer"] as? String == "/toAccountId")
        #expect(try money(app, main) == 10_000 && money(app, dollars) == 0)
        #expect(try transactions(app, main).count == 1 && transactions(app, dollars).isEmpty)
        #expect(TestApplication.object(try app.request("GET", "/v1/transfers"))["message"] as? String == "No transfers found")

        let draft = TestApplication.object(try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(main)"}"#))
        let draftID = try #require(draft["id"] as? String)
        let step = try app.request("PATCH", "/v1/transfer-drafts/\(draftID)", json: #"{"toAccountId":"\#(dollars)"}"#)
        #expect(step.status == 422 && TestApplication.object(step)["code"] as? String == "currency_mismatch", "\(step.text)")
        #expect(TestApplication.object(try app.request("GET", "/v1/transfer-drafts/\(draftID)"))["missing"] as? [String] == ["amount", "recipient"])
    }
}
