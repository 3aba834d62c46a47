import App
import Domain
import Foundation
import TestSupport
import Testing

/// Accounts and their transactions over a real socket, against a real temporary database.
@Suite("accounts and transactions API, end to end")
struct MoneyAccountsEndpointTests {
    @Test("every user has one account from registration on, in the configured currency, with zero Money values")
    func firstAccount() throws {
        let app = try TestApplication { $0.accountPolicy.defaultCurrency = .eur }
        let list = try app.request("GET", "/v1/accounts")
        #expect(list.status == 200)
        let items = try #require(TestApplication.object(list)["items"] as? [[String: Any]])
        #expect(items.count == 1)
        let account = try #require(items.first)
        #expect(account["currency"] as? String == "EUR")
        #expect(account["name"] as? String == "Main Account")
        let balance = try #require(account["balance"] as? [String: Any])
        #expect(balance["minor"] as? Int == 0 && balance["formatted"] as? String == "€0.00")
        let french = try app.request("GET", "/v1/accounts", headers: ["Accept-Language": "fr"])
        #expect(french.text.contains(#""formatted":"0,00\#u{A0}€""#))
    }

    @Test("create answers 201 with Location; show and list carry balance, available and credit limit; others get 404")
    func createAndShow() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/accounts", json: #"{"name":"  Travel  ","currency":"JPY"}"#)
        #expect(created.status == 201)
        let body = TestApplication.object(created)
        let id = try #require(body["id"] as? String)
        #expect(created.header("Location") == "/v1/accounts/\(id)")
        #expect(body["name"] as? String == "Travel")
        let shown = try app.request("GET", "/v1/accounts/\(id)")
        #expect(shown.status == 200)
        #expect(shown.body == created.body)
        #expect((TestApplication.object(shown)["available"] as? [String: Any])?["formatted"] as? String == "¥0")
        let page = TestApplication.object(try app.request("GET", "/v1/accounts?limit=1"))
        #expect((page["items"] as? [[String: Any]])?.count == 1)
        let cursor = try #require(page["nextCursor"] as? String)
        let next = TestApplication.object(try app.request("GET", "/v1/accounts?limit=1&cursor=\(cursor)"))
        #expect((next["items"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect(next["nextCursor"] is NSNull)

        let stranger = try app.register(email: "stranger@example.com")
        let foreign = try app.request("GET", "/v1/accounts/\(id)", auth: .bearer(stranger))
        let missing = try app.request("GET", "/v1/accounts/a_doesnotexist", auth: .bearer(stranger))
        #expect(foreign.status == 404 && missing.status == 404)
        #expect(TestApplication.object(foreign)["detail"] as? String == TestApplication.object(missing)["detail"] as? String)
        #expect(TestApplication.object(foreign)["code"] as? String == "not_found")
    }

    @Test("the balance is credits minus debits over both groups; available adds the credit limit")
    func balance() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        #expect(try app.importFeed(into: id) == 58)
        let account = TestApplication.object(try app.request("GET", "/v1/accounts/\(id)"))
        #expect((account["balance"] as? [String: Any])?["minor"] as? Int == -133_897)
        #expect((account["balance"] as? [String: Any])?["formatted"] as? String == "-$1,338.97")
        #expect((account["available"] as? [String: Any])?["minor"] as? Int == -133_897)
        #expect((account["creditLimit"] as? [String: Any])?["minor"] as? Int == 0)
    }

    @Test("bad account bodies: non-ISO currency 422, malformed currency and wrong types 400, missing fields 422; nothing stored")
    func createErrors() throws {
        let app = try TestApplication()
        let cases: [(String, Int, String)] = [
            (#"{"name":"X","currency":"XYZ"}"#, 422, "unknown_currency"),
            (#"{"name":"X","currency":"cad"}"#, 400, "/currency"),
            (#"{"name":"X","currency":"CADD"}"#, 400, "/currency"),
            (#"{"name":1,"currency":"CAD"}"#, 400, "invalid_type"),
            (#"{"name":"   "}"#, 422, "/currency"),
            (#"{"name":"\#(String(repeating: "n", count: 101))","currency":"CAD"}"#, 422, "too_long"),
            (#"[]"#, 400, "invalid_type"),
        ]
        for (json, status, mention) in cases {
            let response = try app.request("POST", "/v1/accounts", json: json)
            #expect(response.status == status, "\(json)")
            #expect(response.text.contains(mention), "\(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
        #expect((TestApplication.object(try app.request("GET", "/v1/accounts"))["items"] as? [[String: Any]])?.count == 1)
    }

    @Test("transactions: newest first, filtered by group and dates, paged with a stable cursor")
    func transactions() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        try app.importFeed(into: id)
        var seen: [[String: Any]] = []
        var target = "/v1/accounts/\(id)/transactions?limit=25"
        while true {
            let page = TestApplication.object(try app.request("GET", target))
            seen += page["items"] as? [[String: Any]] ?? []
            guard let cursor = page["nextCursor"] as? String else { break }
            target = "/v1/accounts/\(id)/transactions?limit=25&cursor=\(cursor)"
        }
        #expect(seen.count == 58)
        #expect(Set(seen.compactMap { $0["id"] as? String }).count == 58)
        let dates = seen.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted(by: >))
        #expect(seen.first?["group"] as? String == "posted")
        let first = try #require(seen.first)
        #expect(["debit", "credit"].contains(first["direction"] as? String ?? ""))
        #expect(((first["amount"] as? [String: Any])?["minor"] as? Int ?? -1) >= 0)

        let authorized = TestApplication.object(try app.request("GET", "/v1/accounts/\(id)/transactions?group=authorized&limit=100"))
        #expect((authorized["items"] as? [[String: Any]])?.count == 28)
        let oneDay = TestApplication.object(try app.request("GET", "/v1/accounts/\(id)/transactions?from=2016-04-01&to=2016-04-01"))
        #expect((oneDay["items"] as? [[String: Any]])?.allSatisfy { $0["date"] as? String == "2016-04-01" } == true)
        #expect((oneDay["items"] as? [[String: Any]])?.first?["description"] as? String != nil)
        let none = TestApplication.object(try app.request("GET", "/v1/accounts/\(id)/transactions?from=2020-01-01"))
        #expect(none["message"] as? String == "No transactions found")
    }

    @Test("transaction list input errors: 400 naming the parameter, 422 for from after to, 404 for someone else's account")
    func transactionErrors() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        for (query, parameter) in [("group=pending", "group"), ("from=2016-13-01", "from"), ("to=yesterday", "to"), ("limit=0", "limit"), ("cursor=zz", "cursor")] {
            let response = try app.request("GET", "/v1/accounts/\(id)/transactions?\(query)")
            #expect(response.status == 400, "\(query)")
            #expect(response.text.contains(#""parameter":"\#(parameter)""#), "\(response.text)")
        }
        let backwards = try app.request("GET", "/v1/accounts/\(id)/transactions?from=2016-05-01&to=2016-04-01")
        #expect(backwards.status == 422)
        #expect(backwards.text.contains("from_after_to"))
        let stranger = try app.register(email: "stranger@example.com")
        #expect(try app.request("GET", "/v1/accounts/\(id)/transactions", auth: .bearer(stranger)).status == 404)
        #expect(try app.request("GET", "/v1/accounts/\(id)/transactions", auth: .none).status == 401)
    }
}
