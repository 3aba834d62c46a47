import App
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// The banking report over a real socket and database, loaded with the report demo's feed.
@Suite("banking report API, end to end")
struct ReportEndpointTests {
    func rows(_ response: TestClient.Response) -> [[String: Any]] {
        TestApplication.object(response)["rows"] as? [[String: Any]] ?? []
    }

    @Test("the demo feed's report: both groups by date, signed totals 560.19 and 778.78, grand total 1338.97, banding")
    func demoReport() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        try app.importFeed(into: id)
        let response = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let rows = rows(response)
        #expect(rows.filter { $0["type"] as? String == "detail" }.count == 58)
        #expect(rows.filter { $0["type"] as? String == "subheader" }.count == 36)
        #expect(rows.filter { $0["type"] as? String == "header" }.compactMap { $0["title"] as? String } == ["Authorized Transactions", "Posted Transactions"])
        let footers = rows.filter { $0["type"] as? String == "footer" }
        #expect(footers.compactMap { $0["total"] as? String } == ["560.19", "778.78"])
        #expect(footers.compactMap { $0["odd"] as? Bool } == [true, false])
        #expect(rows.last?["type"] as? String == "grandfooter" && rows.last?["total"] as? String == "1338.97")
        #expect(response.text.hasPrefix("""
            {"rows":[
            {"type":"header","title":"Authorized Transactions"},
            {"type":"subheader","title":"Apr 01, 2016","odd":true},
            {"type":"detail","description":"Starbucks","amount":"3.11","odd":true}
            """))
        // Banding: `odd` flips at every subheader and every footer; details and subfooters keep it.
        var band = false
        for row in rows {
            switch row["type"] as? String {
            case "subheader", "footer":
                band.toggle()
                #expect(row["odd"] as? Bool == band)
            case "detail", "subfooter": #expect(row["odd"] as? Bool == band)
            default: break
            }
        }
        let french = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31", headers: ["Accept-Language": "fr"])
        let frenchRows = self.rows(french)
        #expect(frenchRows.first?["title"] as? String == "Transactions autorisées")
        #expect(frenchRows[1]["title"] as? String == "01 avr. 2016")
        #expect(frenchRows.last?["total"] as? String == "1338,97")
    }

    @Test("the report reads line by line: the first line opens the document, each line between is one whole row, the last closes it")
    func lineFraming() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        try app.importFeed(into: id)
        // A description with a line break, a quote and a backslash must still keep to its one line.
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("report-framing-\(UUID().uuidString).json")
        try Data(#"[{"group":"P","date":"2016-05-31","description":"two\nlines \"quoted\" back\\slash","amount":"1.00","debit":"D"}]"#.utf8)
            .write(to: feed)
        defer { try? FileManager.default.removeItem(at: feed) }
        try app.importFeed(feed, into: id)
        for language in ["en", "fr"] {
            let response = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31", headers: ["Accept-Language": language])
            #expect(response.status == 200)
            let lines = response.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == #"{"rows":["#)
            #expect(lines.suffix(2) == ["]}", ""], "the body ends with its closing line and a line break")
            let rowLines = lines.dropFirst().dropLast(2)
            #expect(rowLines.dropLast().allSatisfy { $0.hasSuffix("},") } && rowLines.last?.hasSuffix("}") == true)
            let parsed = rowLines.compactMap { line in
                let row = line.hasSuffix(",") ? String(line.dropLast()) : line
                return (try? JSONSerialization.jsonObject(with: Data(row.utf8))) as? [String: Any]
            }
            // Line by line, the rows are the document's rows, in order.
            let whole = rows(response)
            #expect(parsed.count == rowLines.count && parsed.count == whole.count && whole.count > 130)
            let canonical = { (row: [String: Any]) in try? JSONSerialization.data(withJSONObject: row, options: .sortedKeys) }
            #expect(zip(parsed, whole).allSatisfy { canonical($0) != nil && canonical($0) == canonical($1) })
            #expect(parsed.contains { $0["description"] as? String == "two\nlines \"quoted\" back\\slash" })
        }
    }

    @Test(
        "a period holding more transactions than --max-report-rows is 422 report_too_large stating the cap, in the client's language; a shorter one is served",
        arguments: ["sqlite", "postgres"])
    func rowCap(store: String) throws {
        let url = store == "postgres" ? try TestPostgresDatabase.create() : nil
        let app = try TestApplication { configuration in
            // The demo feed holds 58 transactions over April and May 2016, 28 of them in April.
            configuration.accountPolicy.maximumReportRows = 57
            if let url { configuration.databaseURL = url }
        }
        let id = try #require(try app.firstAccount()["id"] as? String)
        try app.importFeed(into: id)
        let over = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31")
        #expect(over.status == 422)
        #expect(over.header("Content-Type") == "application/problem+json")
        let problem = TestApplication.object(over)
        #expect(problem["code"] as? String == "report_too_large")
        #expect(problem["detail"] as? String == "The period holds more than 57 transactions, the most one report covers; ask for a shorter period")
        let french = TestApplication.object(
            try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31", headers: ["Accept-Language": "fr"]))
        #expect(french["detail"] as? String == "La période compte plus de 57 transactions, le plus qu'un rapport couvre ; demandez une période plus courte")
        let april = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-04-30")
        #expect(april.status == 200)
        #expect(rows(april).filter { $0["type"] as? String == "detail" }.count == 28)
    }

    @Test("a period without transactions gives each group's message and a zero grand total")
    func empty() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        try app.importFeed(into: id)
        let april = rows(try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-04-30"))
        #expect(april.contains { $0["message"] as? String == "There are no Posted Transactions in this period" })
        #expect(april.last?["total"] as? String == "560.19")
        let none = try app.request("GET", "/v1/accounts/\(id)/report?from=2020-01-01&to=2020-01-31")
        #expect(none.text == """
            {"rows":[
            {"type":"header","title":"Authorized Transactions"},
            {"type":"message","message":"There are no Authorized Transactions in this period"},
            {"type":"header","title":"Posted Transactions"},
            {"type":"message","message":"There are no Posted Transactions in this period"},
            {"type":"grandfooter","title":"Grand total","total":"0.00"}
            ]}

            """)
        // Without dates: the 90 days up to today, which the 2016 feed does not reach.
        #expect(rows(try app.request("GET", "/v1/accounts/\(id)/report")).count == 5)
    }

    @Test("report refusals: unknown and foreign accounts alike 404, from after to 422, malformed dates 400 naming the parameter, over 366 days 422")
    func refusals() throws {
        let app = try TestApplication()
        let id = try #require(try app.firstAccount()["id"] as? String)
        let stranger = try app.register(email: "stranger@example.com")
        let foreign = try app.request("GET", "/v1/accounts/\(id)/report", auth: .bearer(stranger))
        let unknown = try app.request("GET", "/v1/accounts/a_nobody/report", auth: .bearer(stranger))
        #expect(foreign.status == 404 && unknown.status == 404)
        #expect(TestApplication.object(foreign)["detail"] as? String == TestApplication.object(unknown)["detail"] as? String)
        let backwards = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-05-01&to=2016-04-01")
        #expect(backwards.status == 422 && backwards.text.contains("from_after_to"))
        for (query, parameter) in [("from=2016-02-30", "from"), ("to=2016/04/01", "to"), ("from=", "from")] {
            let response = try app.request("GET", "/v1/accounts/\(id)/report?\(query)")
            #expect(response.status == 400, "\(query)")
            #expect(response.text.contains(#""parameter":"\#(parameter)""#), "\(response.text)")
        }
        let leapYear = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-01-01&to=2016-12-31")
        #expect(leapYear.status == 200)
        let tooLong = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-01-01&to=2017-01-01")
        #expect(tooLong.status == 422 && tooLong.text.contains("range_too_long"))
        #expect(try app.request("GET", "/v1/accounts/bad%20id/report").status == 400)
    }

    /// `count` transactions of `account` in April and May 2016, both groups, debits and credits,
    /// a dozen a day (so dates span pages), descriptions with quotes, controls and non-ASCII.
    func seed(_ app: TestApplication, account: String, count: Int) throws {
        let rows = (0..<count).map { index in
            Transaction(
                id: TransactionID("t_\(index)"), accountID: AccountID(account), group: index % 3 == 0 ? .authorized : .posted,
                direction: index % 5 == 0 ? .credit : .debit, date: CalendarDate(year: 2016, month: 4 + index / 360, day: 1 + index % 360 / 12)!,
                description: "Row \(index) \"q\" \\ \t ✓ 💸", amount: Int64(index * 37 + 1))
        }
        try app.application.storage.gateway.transactions.insert(rows) { _ in }
    }

    @Test("a report of several pages is streamed in chunks whose bytes are exactly the whole report's, in both languages", arguments: ["sqlite", "postgres"])
    func streamedEqualsWhole(store: String) throws {
        let url = store == "postgres" ? try TestPostgresDatabase.create() : nil
        let app = try TestApplication { configuration in
            if let url { configuration.databaseURL = url }
        }
        let id = try #require(try app.firstAccount()["id"] as? String)
        let owner = try #require(TestApplication.object(try app.request("GET", "/v1/me"))["id"] as? String)
        try seed(app, account: id, count: 700)
        for language in [Language.en, .fr] {
            let streamed = try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31", headers: ["Accept-Language": language.rawValue])
            #expect(streamed.status == 200)
            #expect(streamed.header("Transfer-Encoding") == "chunked")
            #expect(streamed.header("Content-Language") == language.rawValue)
            let whole = try #require(WholeReport.body(
                gateway: app.application.storage.gateway, owner: UserID(owner), account: id, from: "2016-04-01", to: "2016-05-31", language: language))
            #expect(streamed.body.count == whole.count)
            #expect(streamed.body == whole)
            #expect(rows(streamed).filter { $0["type"] as? String == "detail" }.count == 700)
        }
        // The connection that carried a streamed report serves the next request.
        #expect(try app.request("GET", "/v1/accounts/\(id)").status == 200)
    }

    @Test("HEAD of a report: its head, no body, and the next request on the connection is answered", arguments: ["sqlite", "postgres"])
    func head(store: String) throws {
        let url = store == "postgres" ? try TestPostgresDatabase.create() : nil
        let app = try TestApplication { configuration in
            if let url { configuration.databaseURL = url }
        }
        let id = try #require(try app.firstAccount()["id"] as? String)
        try seed(app, account: id, count: 300)
        let head = try app.request("HEAD", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Type") == "application/json")
        // Every snapshot the HEAD opened was given back: as many reports as the cap allows still run.
        for _ in 0..<6 {
            #expect(try app.request("GET", "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-05-31").status == 200)
        }
    }

    @Test("one report at a time per user: while a client sits on one, that user's next is 503 storage_unavailable, another user's is served", arguments: ["sqlite", "postgres"])
    func oneAtATime(store: String) throws {
        let url = store == "postgres" ? try TestPostgresDatabase.create() : nil
        let app = try TestApplication { configuration in
            if let url { configuration.databaseURL = url }
        }
        let id = try #require(try app.firstAccount()["id"] as? String)
        // ~9 MB of report: more than the server's send buffer grows to (4 MiB) and the sitting
        // client's small receive buffer hold, so a client that reads nothing keeps it open.
        let name = "Transfer to " + String(repeating: "💸", count: 100)
        let rows = (0..<20_000).map { index in
            Transaction(
                id: TransactionID("t_\(index)"), accountID: AccountID(id), group: .posted, direction: .debit,
                date: CalendarDate(year: 2016, month: 4, day: 1 + index % 30)!, description: name, amount: 1)
        }
        try app.application.storage.gateway.transactions.insert(rows) { _ in }
        let target = "/v1/accounts/\(id)/report?from=2016-04-01&to=2016-04-30"
        let sitting = try TestClient(port: app.port, receiveBuffer: 4096)
        try sitting.send("GET \(target) HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(app.token)\r\n\r\n")
        #expect(try sitting.expectResponse(headRequest: true).status == 200)
        let second = try app.request("GET", target)
        #expect(second.status == 503)
        #expect(TestApplication.object(second)["code"] as? String == "storage_unavailable")
        #expect(second.header("Retry-After") != nil)
        let other = try app.register(email: "other@example.com")
        let otherAccount = try #require(try app.firstAccount(auth: .bearer(other))["id"] as? String)
        #expect(try app.request("GET", "/v1/accounts/\(otherAccount)/report", auth: .bearer(other)).status == 200)
        // The client goes away: its snapshot is given back.
        sitting.reset()
        #expect(eventually { (try? app.request("GET", target).status) == 200 })
    }
}
