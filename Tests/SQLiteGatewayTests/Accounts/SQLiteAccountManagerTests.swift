import Domain
import Foundation
import Migrations
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

    @Test("an inserted account is fetched by its owner only; the operator fetch ignores the owner")
    func fetchScoped() throws {
        let temporary = try TemporaryDatabase()
        let accounts = SQLiteAccountManager(database: temporary.database)
        let yen = account("a_yen", currency: .jpy, creditLimit: 50_000)
        try accounts.insert(yen)
        #expect(try accounts.fetch(id: yen.id, owner: UserID("u_alice")) == yen)
        #expect(try accounts.fetch(id: yen.id, owner: UserID("u_bob")) == nil)
        #expect(try accounts.fetch(id: yen.id) == yen)
        #expect(try accounts.fetch(id: AccountID("a_missing")) == nil)
    }

    @Test("the owner's accounts come oldest first, the registration account included, and pages resume after the cursor")
    func listOrder() throws {
        let temporary = try TemporaryDatabase()
        let accounts = SQLiteAccountManager(database: temporary.database)
        try accounts.insert(account("a_2", at: 20))
        try accounts.insert(account("a_1", at: 10))
        try accounts.insert(account("a_3", at: 10))
        try accounts.insert(account("a_bob2", owner: "u_bob", at: 5))
        let first = try accounts.list(owner: UserID("u_alice"), after: nil, limit: 3)
        #expect(first.map(\.id.rawValue) == ["a_u_alice", "a_1", "a_3"])
        let last = try #require(first.last)
        #expect(try accounts.list(owner: UserID("u_alice"), after: AccountCursor(createdAt: last.createdAt, id: last.id), limit: 3).map(\.id.rawValue) == ["a_2"])
    }

    @Test("the balance is credits minus debits over authorized and posted transactions of that account only")
    func balance() throws {
        let temporary = try TemporaryDatabase()
        let accounts = SQLiteAccountManager(database: temporary.database)
        let transactions = SQLiteTransactionManager(database: temporary.database)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 0)
        try transactions.insert([
            row("t1", "a_u_alice", .credit, 40_000), row("t2", "a_u_alice", .debit, 311, .authorized), row("t3", "a_u_alice", .debit, 1534),
            row("t4", "a_u_bob", .debit, 999),
        ]) { _ in }
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 38_155)
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == -999)
    }

    @Test("a write taking a stored balance past 64 bits is refused whole: never a wrapped or rounded number")
    func balanceOverflow() throws {
        let temporary = try TemporaryDatabase()
        let transactions = SQLiteTransactionManager(database: temporary.database)
        let accounts = SQLiteAccountManager(database: temporary.database)
        #expect(throws: GatewayError.self) {
            try transactions.insert([row("t1", "a_u_alice", .credit, .max), row("t2", "a_u_alice", .credit, 1)]) { _ in }
        }
        #expect(try temporary.count("transactions") == 0)
        #expect(try accounts.balance(of: AccountID("a_u_alice")) == 0)
        // Int64.min itself fits; one more cent below would come back from SQLite as a REAL that
        // rounds to it.
        try transactions.insert([row("t3", "a_u_bob", .debit, .max), row("t4", "a_u_bob", .debit, 1)]) { _ in }
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == .min)
        #expect(throws: GatewayError.self) { try transactions.insert([row("t5", "a_u_bob", .debit, 1)]) { _ in } }
        #expect(try accounts.balance(of: AccountID("a_u_bob")) == .min)
        #expect(try temporary.count("transactions") == 2)
    }

    @Test("a stored currency this build does not know is reported as a failure")
    func unknownCurrency() throws {
        let temporary = try TemporaryDatabase()
        try temporary.database.write { connection in
            try connection.execute("INSERT INTO accounts (id, owner_id, name, currency, credit_limit, created_at) VALUES ('a_x', 'u_alice', 'Old', 'DEM', 0, 0)")
        }
        #expect(throws: GatewayError.self) { try SQLiteAccountManager(database: temporary.database).fetch(id: AccountID("a_x")) }
    }

    @Test("registration stores the user, the session and the first account together")
    func registrationOpensAccount() throws {
        let temporary = try TemporaryDatabase()
        let accounts = SQLiteAccountManager(database: temporary.database)
        #expect(try accounts.fetch(id: AccountID("a_u_bob"), owner: UserID("u_bob"))?.currency == .cad)
        #expect(try temporary.count("accounts") == TemporaryDatabase.owners.count)
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
        #expect(try SQLiteSessionManager(database: temporary.database).fetch(tokenDigest: "digest-new") == nil)

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
        try TemporaryDatabase.createUsers(TemporaryDatabase.owners, in: temporary.database)
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
