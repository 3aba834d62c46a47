import Domain
import Foundation
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

/// `viperd import-transactions` and `viperd seed-demo`, run as the real binary.
@Suite("operator transaction commands", .serialized)
struct TransactionCommandsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-cli-\(UUID().uuidString)")
    var db: String { folder.appendingPathComponent("db.sqlite").path }

    /// The report demo's feed, vendored under Tests/Fixtures.
    static let demoFeed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/report-demo-feed.json")

    /// A user made with `viperd user create`, and the id of the account registration opened.
    func userAccount() throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let created = try ViperdProcess.run(["user", "create", "--db", db, "--email", "ops@example.com", "--name", "Ops"], input: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        let gateway = try gateway()
        let user = UserID(created.output.trimmingCharacters(in: .whitespacesAndNewlines))
        return try #require(try gateway.accounts.list(owner: user, after: nil, limit: 10).first).id.rawValue
    }

    func gateway() throws -> SQLiteEntityGateway {
        SQLiteEntityGateway(database: try Database(configuration: DatabaseConfiguration(path: db, readerCount: 1)))
    }

    func write(_ rows: [String], to name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try ("[" + rows.joined(separator: ",\n") + "]").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func row(_ index: Int, amount: String = "1.00", date: String = "2016-05-01") -> String {
        #"{"group": "\#(index % 2 == 0 ? "A" : "P")", "date": "\#(date)", "description": "Row \#(index)", "amount": "\#(amount)", "debit": "D"}"#
    }

    @Test("the report demo's feed imports 58 rows and the balance is minus its grand total")
    func importsDemoFeed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try userAccount()
        let imported = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, Self.demoFeed.path])
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("imported 58 transaction(s) into \(account)"))
        let gateway = try gateway()
        #expect(try gateway.accounts.balance(of: AccountID(account)) == -133_897)
        let authorized = try Array(gateway.transactions.list(
            account: AccountID(account), filter: TransactionFilter(group: .authorized, from: CalendarDate("2016-04-01")!, to: CalendarDate("2016-04-30")!),
            after: nil, limit: 1000).reversed())
        #expect(authorized.count == 28)
        #expect(authorized.first?.description == "Starbucks")
    }

    @Test("one bad row among 10,000 imports nothing and is named by index and field")
    func atomic() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try userAccount()
        var rows = (0..<10_000).map { row($0) }
        rows[6_789] = row(6_789, amount: "1.2.3")
        let result = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, try write(rows, to: "feed.json")])
        #expect(result.status == 1)
        #expect(result.output.contains("row 6789: amount: Format of amount is incorrect"))
        #expect(result.output.contains("nothing was imported"))
        #expect(try gateway().transactions.list(account: AccountID(account), filter: TransactionFilter(), after: nil, limit: 1).isEmpty)
    }

    @Test("RFC 3339 dates import as their date part; too many decimals, not JSON and not an array are refused")
    func formats() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try userAccount()
        let rfc = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, try write([row(0, date: "2016-04-01T23:30:00-05:00")], to: "rfc.json")])
        #expect(rfc.status == 0, "\(rfc.output)")
        #expect(try gateway().transactions.list(account: AccountID(account), filter: TransactionFilter(), after: nil, limit: 5).map(\.date) == [CalendarDate("2016-04-01")!])

        let decimals = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, try write([row(0, amount: "3.111")], to: "decimals.json")])
        #expect(decimals.status == 1)
        #expect(decimals.output.contains("row 0: amount: amount has more decimals than the account's currency allows (2)"))

        let notJSON = folder.appendingPathComponent("feed.csv").path
        try "group,date\nA,2016-04-01\n".write(toFile: notJSON, atomically: true, encoding: .utf8)
        let csv = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, notJSON])
        #expect(csv.status == 1)
        #expect(csv.output.contains("is not JSON"))

        let object = folder.appendingPathComponent("object.json").path
        try #"{"transactions": []}"#.write(toFile: object, atomically: true, encoding: .utf8)
        let notArray = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, object])
        #expect(notArray.status == 1)
        #expect(notArray.output.contains("not an array"))

        let unknown = try ViperdProcess.run(["import-transactions", "--db", db, "--account", "a_nobody", object])
        #expect(unknown.output.contains("no account with id a_nobody"))
        #expect(try gateway().transactions.list(account: AccountID(account), filter: TransactionFilter(), after: nil, limit: 5).count == 1)
    }

    @Test("100,000 rows import in one go with progress lines")
    func large() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try userAccount()
        let rows = (0..<100_000).map { row($0, amount: "\($0 % 1000).\($0 % 10)5", date: "2016-05-\(10 + $0 % 20)") }
        let result = try ViperdProcess.run(["import-transactions", "--db", db, "--account", account, try write(rows, to: "large.json")], timeout: 120)
        #expect(result.status == 0, "\(result.output.suffix(500))")
        #expect(result.output.contains("stored 50000 of 100000 rows"))
        #expect(result.output.contains("imported 100000 transaction(s)"))
    }

    @Test("seed-demo prints a working login and fills an account with both groups over two months; a second run refuses")
    func seedDemo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeded = try ViperdProcess.run(["seed-demo", "--db", db])
        #expect(seeded.status == 0, "\(seeded.output)")
        func value(_ label: String) -> String? {
            seeded.output.split(separator: "\n").first { $0.hasPrefix(label) }.map { $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces) }
        }
        #expect(value("demo user:") == "demo@example.com")
        let password = try #require(value("password:"))
        #expect(password.count >= 10)
        let account = AccountID(try #require(value("account:")))
        #expect(try #require(value("token:")).count == 43)

        let gateway = try gateway()
        let user = try #require(try gateway.users.fetch(email: "demo@example.com"))
        #expect(try gateway.accounts.fetch(id: account, owner: user.id) != nil)
        #expect(try gateway.contacts.list(owner: user.id, matching: nil, after: nil, limit: 100).count >= 3)
        let today = try #require(CalendarDate(utc: Date()))
        let from = try #require(today.adding(days: -70))
        let authorized = try gateway.transactions.list(account: account, filter: TransactionFilter(group: .authorized, from: from, to: today), after: nil, limit: 1000)
        let posted = try gateway.transactions.list(account: account, filter: TransactionFilter(group: .posted, from: from, to: today), after: nil, limit: 1000)
        #expect(!authorized.isEmpty)
        #expect(posted.count > 30)
        #expect(posted.contains { $0.direction == .credit })
        let dates = (authorized + posted).map(\.date)
        #expect(try #require(dates.max()).dayNumber - (try #require(dates.min())).dayNumber >= 55)

        // The server accepts the printed password.
        let server = try ViperdProcess(["--db", db])
        let body = #"{"email": "demo@example.com", "password": "\#(password)"}"#
        let client = try TestClient(port: server.port, receiveTimeout: TestClient.hashingTimeout)
        try client.send("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(try client.expectResponse().status == 201)
        #expect(server.stop() == 0)

        let again = try ViperdProcess.run(["seed-demo", "--db", db])
        #expect(again.status == 1)
        #expect(again.output.contains("already exists"))
    }
}
