import App
import Foundation
import TestSupport
import Testing

/// The send-money draft's lifetime and the clearing of a step, over real sockets against a real
/// temporary database.
@Suite("transfer drafts' lifetime and cleared steps, end to end")
struct TransferDraftEndpointTests {
    static let day: TimeInterval = 24 * 60 * 60

    /// The owner's first account, funded with 100.00, and a second account in the same currency.
    func funded(_ app: TestApplication) throws -> (main: String, savings: String) {
        let main = try #require(try app.firstAccount()["id"] as? String)
        let feed = app.directory.appendingPathComponent("feed.json")
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: main)
        let savings = try app.request("POST", "/v1/accounts", json: #"{"name":"Savings","currency":"CAD"}"#)
        return (main, try #require(TestApplication.object(savings)["id"] as? String))
    }

    /// A complete draft (amount 5.00 to `savings`); returns its id.
    func completeDraft(_ app: TestApplication, from main: String, to savings: String) throws -> String {
        let created = try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(main)"}"#)
        let id = try #require(TestApplication.object(created)["id"] as? String)
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":"5.00"}"#).status == 200)
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"toAccountId":"\#(savings)"}"#).status == 200)
        return id
    }

    @Test("a draft lives 24 hours: a second before it is complete and submittable, from then on GET, PATCH and submit are 404 and nothing moves")
    func expiry() throws {
        let clock = MovableClock()
        // The owner's session must outlive the draft's day.
        let app = try TestApplication(clock: clock) { $0.sessionPolicy = .lasting(days: 30) }
        let (main, savings) = try funded(app)
        let expiring = try completeDraft(app, from: main, to: savings)
        let submittable = try completeDraft(app, from: main, to: savings)

        clock.advance(by: Self.day - 1)
        let shown = try app.request("GET", "/v1/transfer-drafts/\(expiring)")
        #expect(shown.status == 200, "\(shown.text)")
        #expect(TestApplication.object(shown)["missing"] as? [String] == [])
        #expect(try app.request("POST", "/v1/transfer-drafts/\(submittable)/submit").status == 201)

        clock.advance(by: 1)
        for (method, target, json) in [
            ("GET", "/v1/transfer-drafts/\(expiring)", nil),
            ("PATCH", "/v1/transfer-drafts/\(expiring)", #"{"memo":"late"}"#),
            ("PATCH", "/v1/transfer-drafts/\(expiring)", #"{"amount":"6.00"}"#),
            ("POST", "/v1/transfer-drafts/\(expiring)/submit", nil),
        ] as [(String, String, String?)] {
            let response = try app.request(method, target, json: json)
            #expect(response.status == 404, "\(method) \(target): \(response.text)")
            #expect(TestApplication.object(response)["code"] as? String == "not_found", "\(method) \(target)")
        }
        // Only the draft submitted in time moved money.
        let history = TestApplication.object(try app.request("GET", "/v1/transfers"))
        #expect((history["items"] as? [Any])?.count == 1)
        let savingsAccount = TestApplication.object(try app.request("GET", "/v1/accounts/\(savings)"))
        #expect((savingsAccount["balance"] as? [String: Any])?["minor"] as? Int == 500)
    }

    @Test("a PATCH with a blank or null amount clears it: amount is null, missing lists amount again, submit is draft_incomplete; an empty recipient clears alike")
    func blankAmountClears() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let id = try completeDraft(app, from: main, to: savings)
        let complete = TestApplication.object(try app.request("GET", "/v1/transfer-drafts/\(id)"))
        #expect(complete["missing"] as? [String] == [])

        for blank in [#""   ""#, #""""#, "null"] {
            let cleared = try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":\#(blank)}"#)
            #expect(cleared.status == 200, "\(blank): \(cleared.text)")
            let draft = TestApplication.object(cleared)
            #expect(draft["amount"] is NSNull, "\(blank): \(cleared.text)")
            #expect(draft["missing"] as? [String] == ["amount"], "\(blank)")
            #expect((draft["recipient"] as? [String: Any])?["id"] as? String == savings, "\(blank)")
            let shown = TestApplication.object(try app.request("GET", "/v1/transfer-drafts/\(id)"))
            #expect(shown["missing"] as? [String] == ["amount"], "\(blank)")
            #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":"5.00"}"#).status == 200)
        }
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":" "}"#).status == 200)
        let incomplete = try app.request("POST", "/v1/transfer-drafts/\(id)/submit")
        #expect(incomplete.status == 422 && TestApplication.object(incomplete)["code"] as? String == "draft_incomplete", "\(incomplete.text)")
        let pointers = (TestApplication.object(incomplete)["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/amount"])
        #expect(TestApplication.object(try app.request("GET", "/v1/transfers"))["message"] as? String == "No transfers found")

        // The recipient clears alike.
        let noRecipient = try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"toAccountId":" "}"#)
        #expect(noRecipient.status == 200, "\(noRecipient.text)")
        #expect(TestApplication.object(noRecipient)["recipient"] is NSNull)
        #expect(TestApplication.object(noRecipient)["missing"] as? [String] == ["amount", "recipient"])
    }
}
