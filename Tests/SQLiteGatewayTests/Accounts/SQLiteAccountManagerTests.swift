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

    @Test("a balance past 64 bits is a storage failure, not a wrapped number")
    func balanceOverflow() throws {
        let temporary = try TemporaryDatabase()
        try SQLiteTransactionManager(database: temporary.database).insert([
            row("t1", "a_u_alice", .credit, .max), row("t2", "a_u_alice", .credit, 1),
        ]) { _ in }
        #expect(throws: GatewayError.self) { try SQLiteAccountManager(database: temporary.database).balance(of: AccountID("a_u_alice")) }
    }

    @Test("a stored currency this build does not know is reported as a failure")
    func unknownCurrency() throws {
        let temporary = try TemporaryDatabase()
        try temporary.database.write { connection in
            try connection.execute("INSERT INTO accounts VALUES ('a_x', 'u_alice', 'Old', 'DEM', 0, 0)")
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
        let embedded = try Migration.embedded()
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
}
