import App
import Foundation
import Synchronization
import TestSupport
import Testing

/// Transfers and the send-money flow over real sockets, against a real temporary database.
@Suite("transfers API, end to end")
struct TransfersEndpointTests {
    /// The owner's first account, funded with `amount` by a posted credit, and a second account.
    func funded(_ app: TestApplication, amount: String = "100.00") throws -> (main: String, savings: String) {
        let main = try #require(try app.firstAccount()["id"] as? String)
        // Not in app.directory: an application on PostgreSQL has none on disk.
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"\#(amount)","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: main)
        let savings = try app.request("POST", "/v1/accounts", json: #"{"name":"Savings","currency":"CAD"}"#)
        return (main, try #require(TestApplication.object(savings)["id"] as? String))
    }

    func available(_ app: TestApplication, _ account: String) throws -> Int? {
        (TestApplication.object(try app.request("GET", "/v1/accounts/\(account)"))["available"] as? [String: Any])?["minor"] as? Int
    }

    func transactionCount(_ app: TestApplication, _ account: String) throws -> Int {
        (TestApplication.object(try app.request("GET", "/v1/accounts/\(account)/transactions?limit=100"))["items"] as? [Any])?.count ?? -1
    }

    @Test("50 concurrent transfers of 10.00 from 100.00: exactly 10 succeed, 40 are insufficient_funds, available ends at 0.00")
    func concurrentOverdraw() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let statuses = Mutex<[String]>([])
        // The application only hands out fresh connections; it is safe to share across threads.
        nonisolated(unsafe) let shared = app
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            let response = try? shared.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"10.00"}"#)
            let code = response.map { TestApplication.object($0)["code"] as? String ?? "" } ?? "no answer"
            statuses.withLock { $0.append("\(response?.status ?? 0) \(code)") }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == "201 " }.count == 10)
        #expect(all.filter { $0 == "422 insufficient_funds" }.count == 40)
        #expect(try available(app, main) == 0)
        #expect(try available(app, savings) == 10_000)
        #expect(try transactionCount(app, savings) == 10)
    }

    @Test("40 concurrent transfers back and forth between two accounts leave the sum of all balances unchanged, each balance the sum of its answered legs")
    func concurrentConservation() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app, amount: "30.00")
        let feed = app.directory.appendingPathComponent("savings-feed.json")
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"20.00","debit":"C"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: savings)
        func balance(_ account: String) throws -> Int? {
            (TestApplication.object(try app.request("GET", "/v1/accounts/\(account)"))["balance"] as? [String: Any])?["minor"] as? Int
        }
        // Amounts that do not divide the funds, so that some transfers meet an empty account.
        let legs = [(from: main, to: savings, amount: "7.00", minor: 700), (from: savings, to: main, amount: "3.00", minor: 300)]
        let moved = Mutex<(toSavings: Int, toMain: Int, refused: Int, other: [String])>((0, 0, 0, []))
        nonisolated(unsafe) let shared = app
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let leg = legs[index % 2]
            let json = #"{"fromAccountId":"\#(leg.from)","toAccountId":"\#(leg.to)","amount":"\#(leg.amount)"}"#
            let response = try? shared.request("POST", "/v1/transfers", json: json)
            let code = response.map { TestApplication.object($0)["code"] as? String ?? "" } ?? "no answer"
            moved.withLock {
                switch (response?.status, code) {
                case (201, _): if index % 2 == 0 { $0.toSavings += leg.minor } else { $0.toMain += leg.minor }
                case (422, "insufficient_funds"): $0.refused += 1
                default: $0.other.append("\(response?.status ?? 0) \(code)")
                }
            }
        }
        let result = moved.withLock { $0 }
        #expect(result.other.isEmpty)
        let finalMain = try #require(try balance(main))
        let finalSavings = try #require(try balance(savings))
        #expect(finalMain + finalSavings == 5_000)
        #expect(finalMain == 3_000 - result.toSavings + result.toMain)
        #expect(finalSavings == 2_000 + result.toSavings - result.toMain)
        #expect(finalMain >= 0 && finalSavings >= 0)
        let history = TestApplication.object(try app.request("GET", "/v1/transfers?limit=100"))
        #expect((history["items"] as? [Any])?.count == 40 - result.refused)
    }

    @Test("the same Idempotency-Key and body 20 times concurrently: one movement, every final answer identical, the rest in flight")
    func concurrentRetries() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let body = #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"1.00"}"#
        let answers = Mutex<[(Int, [UInt8])]>([])
        nonisolated(unsafe) let shared = app
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            guard let response = try? shared.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-1"]) else { return }
            answers.withLock { $0.append((response.status, response.body)) }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == 20)
        #expect(all.allSatisfy { $0.0 == 201 || $0.0 == 409 })
        #expect(Set(all.filter { $0.0 == 201 }.map(\.1)).count == 1)
        let replay = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-1"])
        #expect(replay.status == 201 && replay.header("Idempotent-Replayed") == "true")
        #expect(try transactionCount(app, savings) == 1)
        #expect(try available(app, main) == 9_900)
    }

    /// What a crash between a transfer's commit and its answer's leaves: every key in flight,
    /// reserved longer ago than the 60 s timeout, without a stored answer.
    func abandonKeys(_ app: TestApplication) throws {
        try LedgerCommandTests.corrupt(app, """
            UPDATE idempotency_records SET state = 'in_flight', response_status = NULL, response_headers = NULL, response_body = NULL, \
            created_at = created_at - 61000
            """)
    }

    /// A keyed transfer of 1.00 whose stored answer a crash lost (`abandonKeys`): the
    /// application, both accounts, the request's body and its first answer.
    func transferWithLostAnswer(on store: TestStore) throws -> (app: TestApplication, main: String, savings: String, body: String, first: TestClient.Response) {
        let app = try TestApplication.on(store)
        let (main, savings) = try funded(app)
        let body = #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"1.00"}"#
        let first = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-lost"])
        #expect(first.status == 201, "\(first.text)")
        try abandonKeys(app)
        return (app, main, savings, body, first)
    }

    @Test("a retry after a crash lost the stored answer (its record left in flight past the timeout) answers the transfer made, as the first answer was, and moves no money again", arguments: TestStore.allCases)
    func resumedAfterLostAnswer(store: TestStore) throws {
        let (app, main, savings, body, first) = try transferWithLostAnswer(on: store)
        let retry = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-lost"])
        #expect(retry.status == 201 && retry.header("Idempotent-Replayed") == "true", "\(retry.text)")
        #expect(retry.header("Location") == first.header("Location") && retry.body == first.body)
        #expect(try available(app, main) == 9_900 && transactionCount(app, savings) == 1)
        let replay = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-lost"])
        #expect(replay.status == 201 && replay.body == first.body && replay.header("Idempotent-Replayed") == "true")
        // Another request with the key, once it too is abandoned, is a new transfer: the old one is not its answer.
        try abandonKeys(app)
        let other = try app.request("POST", "/v1/transfers", json: body.replacingOccurrences(of: "1.00", with: "2.00"), headers: ["Idempotency-Key": "k-lost"])
        #expect(other.status == 201 && other.header("Idempotent-Replayed") == nil && other.header("Location") != first.header("Location"))
        #expect(try available(app, main) == 9_700)
    }

    @Test("a resume that cannot read its transfer answers the failure and keeps the key in flight, naming the transfer, so no retry moves the money again", arguments: TestStore.allCases)
    func failedResumeKeepsTheKey(store: TestStore) throws {
        let (app, main, savings, body, _) = try transferWithLostAnswer(on: store)
        // The record names a transfer the resume cannot find (as a failed read would leave it).
        try LedgerCommandTests.corrupt(app, "UPDATE idempotency_records SET transfer_id = 'tr_unreadable'")
        let failed = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-lost"])
        #expect(failed.status == 404 && failed.header("Idempotent-Replayed") == nil, "\(failed.text)")
        let retry = try app.request("POST", "/v1/transfers", json: body, headers: ["Idempotency-Key": "k-lost"])
        #expect(retry.status == 409 && TestApplication.object(retry)["code"] as? String == "idempotency_in_flight", "\(retry.text)")
        #expect(try available(app, main) == 9_900 && transactionCount(app, savings) == 1)
    }

    @Test("a transfer is 201 with Location, shows alike, is in the sender's history and both accounts' transactions")
    func createShowList() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let created = try app.request("POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"12.5","memo":" rent "}"#)
        #expect(created.status == 201, "\(created.text)")
        let transfer = TestApplication.object(created)
        let id = try #require(transfer["id"] as? String)
        #expect(created.header("Location") == "/v1/transfers/\(id)")
        #expect((transfer["amount"] as? [String: Any])?["minor"] as? Int == 1_250)
        #expect(transfer["memo"] as? String == "rent" && transfer["status"] as? String == "completed")
        #expect((transfer["recipient"] as? [String: Any])?["name"] as? String == "Savings")
        #expect(try app.request("GET", "/v1/transfers/\(id)").body == created.body)
        let history = TestApplication.object(try app.request("GET", "/v1/transfers"))
        #expect((history["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
        #expect(try transactionCount(app, main) == 2 && transactionCount(app, savings) == 1)
        let report = try app.request("GET", "/v1/accounts/\(savings)/report?from=2026-01-01&to=2026-12-31")
        #expect(report.status == 200)
        let other = try app.register(email: "other@example.com")
        #expect(try app.request("GET", "/v1/transfers/\(id)", auth: .bearer(other)).status == 404)
        let empty = TestApplication.object(try app.request("GET", "/v1/transfers", auth: .bearer(other)))
        #expect(empty["message"] as? String == "No transfers found")
    }

    @Test("every bad input is refused with its code at its pointer, and nothing is stored")
    func badInputs() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let other = try app.register(email: "other@example.com")
        let foreign = try #require(try app.firstAccount(auth: .bearer(other))["id"] as? String)
        func body(_ amount: String, to: String? = nil) -> String {
            #"{"fromAccountId":"\#(main)","toAccountId":"\#(to ?? savings)","amount":\#(amount)}"#
        }
        let cases: [(String, Int, String, String)] = [
            (body(#""0""#), 422, "validation_failed", "/amount"),
            (body(#""-1""#), 422, "validation_failed", "/amount"),
            (body(#""1.001""#), 422, "validation_failed", "/amount"),
            (body(#""1e3""#), 422, "validation_failed", "/amount"),
            (body(#""NaN""#), 422, "validation_failed", "/amount"),
            (body("\"" + String(repeating: "9", count: 30) + "\""), 422, "validation_failed", "/amount"),
            (body("10"), 422, "validation_failed", "/amount"),
            (body(#""1000.00""#), 422, "insufficient_funds", "/amount"),
            (body(#""1.00""#, to: main), 422, "same_account", "/toAccountId"),
            (body(#""1.00""#, to: foreign), 404, "not_found", "/toAccountId"),
            (#"{"fromAccountId":"\#(foreign)","toAccountId":"\#(savings)","amount":"1.00"}"#, 404, "not_found", "/fromAccountId"),
            (#"{"fromAccountId":"\#(main)","toContactId":"c_nobody","amount":"1.00"}"#, 404, "not_found", "/toContactId"),
        ]
        for (json, status, code, pointer) in cases {
            let response = try app.request("POST", "/v1/transfers", json: json, headers: ["Idempotency-Key": "bad"])
            let problem = TestApplication.object(response)
            #expect(response.status == status, "\(json): \(response.text)")
            #expect(problem["code"] as? String == code, "\(json)")
            #expect((problem["errors"] as? [[String: Any]])?.first?["pointer"] as? String == pointer, "\(json)")
        }
        #expect(try transactionCount(app, savings) == 0 && available(app, main) == 10_000)
        // No idempotency record was kept: the corrected request with the same key runs.
        #expect(try app.request("POST", "/v1/transfers", json: body(#""1.00""#), headers: ["Idempotency-Key": "bad"]).status == 201)
    }

    @Test("the flow: create, one step at a time, show with missing and the next step, submit once; afterwards the draft is 404")
    func draftFlow() throws {
        let app = try TestApplication()
        let (main, savings) = try funded(app)
        let created = try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(main)"}"#)
        #expect(created.status == 201 && created.header("ETag") == "\"1\"", "\(created.text)")
        let id = try #require(TestApplication.object(created)["id"] as? String)
        #expect(created.header("Location") == "/v1/transfer-drafts/\(id)")
        #expect(TestApplication.object(created)["missing"] as? [String] == ["amount", "recipient"])
        #expect(TestApplication.object(created)["nextStep"] as? String == "recipient")
        let incomplete = try app.request("POST", "/v1/transfer-drafts/\(id)/submit")
        #expect(incomplete.status == 422 && TestApplication.object(incomplete)["code"] as? String == "draft_incomplete")
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":"1.001"}"#).status == 422)
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":"1","memo":"x"}"#).status == 400)
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"toAccountId":"\#(main)"}"#).status == 422)
        let amount = try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"amount":"25.00"}"#)
        #expect(amount.status == 200 && amount.header("ETag") == "\"2\"")
        #expect(TestApplication.object(amount)["nextStep"] as? String == "recipient")
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"toAccountId":"\#(savings)"}"#).status == 200)
        #expect(try app.request("PATCH", "/v1/transfer-drafts/\(id)", json: #"{"memo":"lunch"}"#).status == 200)
        let shown = TestApplication.object(try app.request("GET", "/v1/transfer-drafts/\(id)"))
        #expect(shown["missing"] as? [String] == [] && shown["memo"] as? String == "lunch" && shown["nextStep"] as? String == "review")
        let other = try app.register(email: "other@example.com")
        #expect(try app.request("GET", "/v1/transfer-drafts/\(id)", auth: .bearer(other)).status == 404)
        #expect(try app.request("POST", "/v1/transfer-drafts/\(id)/submit", auth: .bearer(other)).status == 404)
        let submitted = try app.request("POST", "/v1/transfer-drafts/\(id)/submit", headers: ["Idempotency-Key": "s-1"])
        #expect(submitted.status == 201, "\(submitted.text)")
        #expect(TestApplication.object(submitted)["memo"] as? String == "lunch")
        let replay = try app.request("POST", "/v1/transfer-drafts/\(id)/submit", headers: ["Idempotency-Key": "s-1"])
        #expect(replay.status == 201 && replay.body == submitted.body)
        #expect(try app.request("POST", "/v1/transfer-drafts/\(id)/submit").status == 404)
        #expect(try app.request("GET", "/v1/transfer-drafts/\(id)").status == 404)
        #expect(try available(app, savings) == 2_500)
        let abandoned = TestApplication.object(try app.request("POST", "/v1/transfer-drafts", json: #"{"fromAccountId":"\#(main)"}"#))
        let abandonedID = try #require(abandoned["id"] as? String)
        #expect(try app.request("DELETE", "/v1/transfer-drafts/\(abandonedID)").status == 204)
        #expect(try app.request("GET", "/v1/transfer-drafts/\(abandonedID)").status == 404)
    }
}
