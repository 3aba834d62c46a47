import Foundation
import TestSupport
import Testing

/// `GET /v1/transactions/{id}`, end to end.
@Suite("GET /v1/transactions/{id}, end to end")
struct TransactionShowEndpointTests {
    /// The owner's first account with one imported posted debit; returns the row as listed.
    func imported(_ app: TestApplication) throws -> [String: Any] {
        let account = try #require(try app.firstAccount()["id"] as? String)
        let feed = app.directory.appendingPathComponent("feed.json")
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Café","amount":"12.34","debit":"D"}]"#.utf8).write(to: feed)
        try app.importFeed(feed, into: account)
        let page = TestApplication.object(try app.request("GET", "/v1/accounts/\(account)/transactions"))
        return try #require((page["items"] as? [[String: Any]])?.first)
    }

    @Test("the owner reads one transaction as its account's list shows it")
    func shown() throws {
        let app = try TestApplication()
        let listed = try imported(app)
        let id = try #require(listed["id"] as? String)
        let response = try app.request("GET", "/v1/transactions/\(id)")
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Content-Type") == "application/json")
        let shown = TestApplication.object(response)
        #expect(NSDictionary(dictionary: shown) == NSDictionary(dictionary: listed))
    }

    @Test("someone else's transaction and a missing id are the same 404 not_found")
    func othersAndMissing() throws {
        let app = try TestApplication()
        let id = try #require(try imported(app)["id"] as? String)
        let stranger = try app.register(email: "stranger@example.com")
        for (target, auth) in [("/v1/transactions/\(id)", TestApplication.Auth.bearer(stranger)), ("/v1/transactions/t_missing", .owner)] {
            let response = try app.request("GET", target, auth: auth)
            #expect(response.status == 404, "\(target): \(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(TestApplication.object(response)["code"] as? String == "not_found")
        }
    }

    @Test("a path parameter that is no id is 400 invalid_id, before the UseCase")
    func malformedID() throws {
        let app = try TestApplication()
        let response = try app.request("GET", "/v1/transactions/not%20an%20id")
        #expect(response.status == 400, "\(response.text)")
        let errors = TestApplication.object(response)["errors"] as? [[String: Any]]
        #expect(errors?.first?["code"] as? String == "invalid_id")
    }

    @Test("without a session it is 401")
    func signedOut() throws {
        let app = try TestApplication()
        #expect(try app.request("GET", "/v1/transactions/t_1", auth: .none).status == 401)
    }
}
