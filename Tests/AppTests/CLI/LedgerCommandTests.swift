import App
import Foundation
import PostgresGateway
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

/// `viperd verify-ledger`, run as the real binary beside a live server on each store.
@Suite("viperd verify-ledger", .serialized)
struct LedgerCommandTests {
    /// `--db PATH` or `--database-url URL` for `app`'s database.
    static func databaseArguments(_ app: TestApplication) -> [String] {
        switch app.application.storage.location {
        case .sqlite(let path): ["--db", path]
        case .postgres(let url): ["--database-url", url]
        }
    }

    /// Runs `sql` on `app`'s database, past every manager: the corruption a test plants.
    static func corrupt(_ app: TestApplication, _ sql: String) throws {
        switch app.application.storage.engine {
        case .sqlite(let database): try database.write { try $0.run(sql, []) }
        case .postgres(let database): try database.write { try $0.run(sql, []) }
        }
    }

    @Test("on a live server's ledger (a hold claimed, one cancelled, one waiting) it exits 0; corrupted, 2 naming the account and the transfer", arguments: TestStore.allCases)
    func verifiesAndNames(store: TestStore) throws {
        let app = try TestApplication.on(store)
        let (main, paula) = try PendingTransfersEndpointTests.sender(app, paying: "paula@example.com")
        let claimed = try #require(try PendingTransfersEndpointTests.pay(app, main, paula, "25.00")["id"] as? String)
        let cancelled = try #require(try PendingTransfersEndpointTests.pay(app, main, paula, "10.00")["id"] as? String)
        _ = try PendingTransfersEndpointTests.pay(app, main, paula, "5.00")
        let payee = try app.register(email: "paula@example.com", name: "Paula Payee")
        let payeeMain = try #require(try app.firstAccount(auth: .bearer(payee))["id"] as? String)
        let claim = try app.request("POST", "/v1/transfers/\(claimed)/claim", json: #"{"toAccountId":"\#(payeeMain)"}"#, auth: .bearer(payee))
        #expect(claim.status == 200, "\(claim.text)")
        #expect(try app.request("POST", "/v1/transfers/\(cancelled)/cancel").status == 200)

        let sound = try ViperdProcess.run(["verify-ledger"] + Self.databaseArguments(app))
        #expect(sound.status == 0, "\(sound.output)")
        #expect(sound.output.contains("ok   pending debits: 2 accounts, 1 pending transfers, 500 minor units held"), "\(sound.output)")
        #expect(sound.output.contains("ok   resolutions: 3 transfers, 1 cancelled, 1 completed, 1 pending"), "\(sound.output)")
        #expect(sound.output.contains("authorized and posted"), "\(sound.output)")
        #expect(sound.output.contains("ledger ok: 5 checks hold"), "\(sound.output)")

        try Self.corrupt(app, "UPDATE accounts SET pending_debits = pending_debits + 1 WHERE id = '\(main)'")
        try Self.corrupt(app, "DELETE FROM transactions WHERE id = (SELECT credit_transaction_id FROM transfers WHERE id = '\(claimed)')")
        let broken = try ViperdProcess.run(["verify-ledger"] + Self.databaseArguments(app))
        #expect(broken.status == 2, "\(broken.output)")
        #expect(broken.output.contains("FAIL pending debits"), "\(broken.output)")
        #expect(broken.output.contains("violation: account \(main): stored pending_debits 501, but its 1 pending transfer(s) hold 500"), "\(broken.output)")
        #expect(broken.output.contains("violation: transfer \(claimed): its credit leg"), "\(broken.output)")
        #expect(broken.output.contains("3 of 5 checks failed"), "pending debits, legs and the totals: \(broken.output)")
    }

    @Test("with no database at the path it exits 4 and creates nothing")
    func noDatabase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-ledger-\(UUID().uuidString)")
        let run = try ViperdProcess.run(["verify-ledger", "--db", folder.appendingPathComponent("db.sqlite").path])
        #expect(run.status == 4, "\(run.output)")
        #expect(run.output.contains("no database at"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("on a database a migration has not reached it exits 3 and changes nothing")
    func notMigrated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("db.sqlite").path
        _ = try Database(configuration: DatabaseConfiguration(path: path, readerCount: 1))
        let run = try ViperdProcess.run(["verify-ledger", "--db", path])
        #expect(run.status == 3, "\(run.output)")
        #expect(run.output.contains("is not up to date (pending 0001_create_contacts.sql)"), "\(run.output)")
        #expect(try ViperdProcess.run(["migrate", "--status", "--db", path]).status == 3, "still nothing applied")
    }
}
