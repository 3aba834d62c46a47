import Domain
import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
import Testing
@testable import SQLiteGateway

@Suite("SQLite accounts")
struct SQLiteAccountManagerTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func account(_ id: String, owner: String = "u_alice", currency: Currency = .cad, creditLimit: Int64 = 0, at offset: TimeInterval = 0) -> Account {
        Account(id: AccountID(id), ownerID: UserID(owner), name: "Account \(id)", currency: currency, creditLimit: creditLimit, createdAt: now.addingTimeInterval(offset))
    }

    func row(_ id: String, _ account: String, _ direction: TransactionDirection, _ amount: Int64, _ group: TransactionGroup = .posted) -> Transaction {
        Transaction(id: TransactionID(id), accountID: AccountID(account), group: group, direction: direction, date: CalendarDate(year: 2016, month: 5, day: 1)!, description: id, amount: amount)
    }

    @Test("a stored currency this build does not know is reported as a failure")
    func unknownCurrency() throws {
        let temporary = try TemporaryDatabase()
        try temporary.database.write { connection in
            try connection.execute("INSERT INTO accounts (id, owner_id, name, currency, credit_limit, created_at) VALUES ('a_x', 'u_alice', 'Old', 'DEM', 0, 0)")
        }
        #expect(throws: GatewayError.self) { try SQLiteAccountManager(database: temporary.database).fetch(id: AccountID("a_x")) }
    }

    @Test("a first account the table refuses registers nothing: no user, no session, and no taken-email answer")
    func registrationIsAtomic() throws {
        let temporary = try TemporaryDatabase()
        let users = SQLiteUserManager(database: temporary.database)
        let user = User(id: UserID("u_new"), name: "New", email: "new@example.com", passwordHash: "x", createdAt: now)
        let session = Session(tokenDigest: "digest-new", userID: user.id, createdAt: now, expiresAt: now)
        var bad = account("a_new", owner: "u_new")
        bad.name = String(repeating: "n", count: 101)
        #expect(throws: GatewayError.self) { try users.register(user, firstSession: session, firstAccount: bad) }
        #expect(try users.fetch(id: user.id) == nil)
        #expect(try SQLSessionManager(database: temporary.database).fetch(tokenDigest: "digest-new") == nil)

        let taken = User(id: UserID("u_other"), name: "Other", email: "u_alice@example.com", passwordHash: "x", createdAt: now)
        #expect(try users.register(taken, firstSession: Session(tokenDigest: "d-o", userID: taken.id, createdAt: now, expiresAt: now), firstAccount: account("a_other", owner: "u_other")) == .emailTaken)
        #expect(try SQLiteAccountManager(database: temporary.database).fetch(id: AccountID("a_other")) == nil)
    }

    @Test("migration 0004 opens one CAD account for every user registered before it")
    func migrationBackfills() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let embedded = try Migration.embedded(.sqlite)
        let before = embedded.filter { $0.version < 4 }
        try Migrator(database: temporary.database, migrations: before).migrate()
        try temporary.database.write { connection in
            for id in ["u_old1", "u_old2"] {
                try connection.statement("INSERT INTO users (id, name, email, password_hash, created_at) VALUES (?1, ?1, ?1 || '@example.com', 'x', 1000)")
                    .run([.text(id)])
            }
        }
        try Migrator(database: temporary.database, migrations: embedded).migrate()
        let accounts = SQLiteAccountManager(database: temporary.database)
        for id in ["u_old1", "u_old2"] {
            let owned = try accounts.list(owner: UserID(id), after: nil, limit: 10)
            #expect(owned.count == 1)
            #expect(owned.first?.currency == .cad)
            #expect(owned.first?.name == "Main Account")
            #expect(owned.first?.createdAt == Date(timeIntervalSince1970: 1))
            #expect(owned.first?.id.rawValue.hasPrefix("a_") == true)
        }
    }

    @Test("migration 0006 stores every account's balance summed from its transactions, voids included, and later writes keep it")
    func migrationStoresBalances() throws {
        let temporary = try TemporaryDatabase(migrated: false)
        let embedded = try Migration.embedded(.sqlite)
        try Migrator(database: temporary.database, migrations: embedded.filter { $0.version < 6 }).migrate()
        try SQLiteUserManager(database: temporary.database).registerTestOwners()
        try SQLiteAccountManager(database: temporary.database).insert(account("a_card", creditLimit: 5_000))
        try SQLiteTransactionManager(database: temporary.database).insert([
            row("t1", "a_u_alice", .credit, 40_000), row("t2", "a_u_alice", .debit, 311, .authorized), row("t3", "a_u_alice", .debit, 1534),
            row("t4", "a_u_bob", .debit, 999), row("pay", "a_card", .debit, 2_500, .authorized), row("held", "a_card", .debit, 700, .authorized),
        ]) { _ in }
        try temporary.database.write { connection in
            try connection.execute("""
                INSERT INTO transactions (id, account_id, txn_group, direction, date, description, amount, reverses_id) \
                VALUES ('pay_void', 'a_card', 'authorized', 'credit', '2016-05-02', 'Void', 2500, 'pay')
                """)
        }
        try Migrator(database: temporary.database, migrations: embedded).migrate()
        let expected: [String: Int64] = ["a_u_alice": 38_155, "a_u_bob": -999, "a_u_nobody": 0, "a_card": -700]
        #expect(try temporary.storedBalances() == expected)
        #expect(try temporary.summedBalances() == expected)
        let transfer = NewTransfer.fixture(id: "tr_1", to: "a_card", amount: 155)
        #expect(try SQLiteTransferManager(database: temporary.database).execute(transfer) == .completed(transfer.transfer))
        #expect(try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_card")) == -545)
        #expect(try temporary.storedBalances() == temporary.summedBalances())
    }
}
