import App
import Domain
import Foundation
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

/// `GET /api/sortedTransactions/…` for the existing report clients, with a token and publicly.
@Suite("report clients' sortedTransactions, end to end")
struct SortedTransactionsEndpointTests {
    @Test("with a token: the user's first account in the clients' shape, by group, date and insertion order")
    func withToken() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        let empty = try app.request("GET", "/api/sortedTransactions/all")
        #expect(empty.status == 404)
        #expect(empty.text == #"{"error":true,"reason":"Transactions are not found"}"#)
        #expect(empty.header("Content-Type") == "application/json")
        try app.importFeed(into: id)
        let all = try app.request("GET", "/api/sortedTransactions/all")
        #expect(all.status == 200)
        let rows = TestApplication.array(all)
        #expect(rows.count == 58)
        #expect(all.text.hasPrefix(#"[{"group":"A","date":"2016-04-01T00:00:00Z","description":"Starbucks","amount":"3.11","debit":"D"}"#))
        let keys = rows.map { "\($0["group"] as? String ?? "")\($0["date"] as? String ?? "")" }
        #expect(keys == keys.sorted())
        #expect(TestApplication.array(try app.request("GET", "/api/sortedTransactions/authorized")).count == 28)
        let posted = TestApplication.array(try app.request("GET", "/api/sortedTransactions/posted"))
        #expect(posted.count == 30 && posted.allSatisfy { $0["group"] as? String == "P" })
        let unknown = try app.request("GET", "/api/sortedTransactions/pending")
        #expect(unknown.status == 404 && unknown.text == empty.text)
    }

    @Test("without a token: 401 unless the operator named a public account; then that account only, to anyone")
    func publicAccount() throws {
        let closed = try TestApplication()
        #expect(try closed.request("GET", "/api/sortedTransactions/all", auth: .none).status == 401)

        let open = try TestApplication { $0.publicReportAccount = AccountID("a_public") }
        // Before the account exists, the clients' 404.
        #expect(try open.request("GET", "/api/sortedTransactions/all", auth: .none).status == 404)
        let owner = try #require(TestApplication.object(try open.request("GET", "/v1/me"))["id"] as? String)
        let database = try Database(configuration: DatabaseConfiguration(path: open.directory.appendingPathComponent("viperd.sqlite").path, readerCount: 1))
        try SQLiteEntityGateway(database: database).accounts.insert(
            Account(id: AccountID("a_public"), ownerID: UserID(owner), name: "Demo", currency: .cad, createdAt: Date()))
        try open.importFeed(into: "a_public")
        let anonymous = try open.request("GET", "/api/sortedTransactions/posted", auth: .none)
        #expect(anonymous.status == 200)
        #expect(TestApplication.array(anonymous).count == 30)
        // A token still means the token's user's first (oldest) account: the empty one registration opened.
        #expect(try open.request("GET", "/api/sortedTransactions/posted").status == 404)
        #expect(try open.request("GET", "/api/sortedTransactions/posted", auth: .bearer("not-a-token")).status == 401)
    }
}
