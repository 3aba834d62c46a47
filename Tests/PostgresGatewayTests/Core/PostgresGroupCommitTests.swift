import Domain
import Foundation
import GatewayTestSupport
import Migrations
@testable import PostgresGateway
import SQLRows
import TestSupport
import Testing

/// PostgreSQL's group commit (`PostgresDatabase+GroupCommit.swift`): transfers queued together
/// share one transaction and one commit, each keeps its own outcome, a group whose transaction
/// fails runs its writes again alone, and groups of two instances never deadlock.
@Suite("PostgreSQL group commit")
struct PostgresGroupCommitTests {
    /// A migrated database with the test owners, Alice's and Bob's accounts funded with 100.00.
    private static func gateway(poolSize: Int = 8) throws -> (PostgresEntityGateway, TemporaryPostgresDatabase) {
        let temporary = try TemporaryPostgresDatabase(poolSize: poolSize)
        try Migrator(database: temporary.database).migrate()
        let gateway = PostgresEntityGateway(database: temporary.database)
        try gateway.users.registerTestOwners()
        try gateway.transactions.insert(["alice", "bob"].map { owner in
            Transaction(
                id: TransactionID("import_\(owner)"), accountID: AccountID("a_u_\(owner)"), group: .posted, direction: .credit,
                date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: 10_000)
        }) { _ in }
        return (gateway, temporary)
    }

    private static func balances(in database: PostgresDatabase) throws -> [Int64] {
        try database.read { try $0.statement("SELECT balance FROM accounts ORDER BY id").rows { $0.int64(at: 0) } }
    }

    private static func count(_ table: String, in database: PostgresDatabase) throws -> Int64 {
        try database.read { try $0.statement("SELECT count(*) FROM \(table)").rows { $0.int64(at: 0) } }.first ?? -1
    }

    /// Holds a row locked from another session until `release` (by default Bob's account: a
    /// transfer to it waits), so the writes queued meanwhile form the next group.
    private final class AccountHolder {
        static let bobsAccount = "SELECT id FROM accounts WHERE id = 'a_u_bob' FOR UPDATE"
        let connection: PostgresConnection

        init(url: String, lock: String = bobsAccount) throws {
            connection = try PostgresConnection(url: url)
            try connection.execute("BEGIN")
            _ = try connection.statement(lock).rows([]) { $0.string(at: 0) }
        }

        func release() throws { try connection.execute("COMMIT") }
    }

    /// Runs `first` on a thread of its own while Bob's account is held, so it leads a group of
    /// one and waits; then `queued`, each on its own thread, which queue behind it; then releases
    /// the account. Returns a wait for what each call returned,
    /// first's first.
    private static func queueBehindHeldAccount<T: Sendable>(
        _ temporary: TemporaryPostgresDatabase, holding lock: String = AccountHolder.bobsAccount, first: @escaping @Sendable () throws -> T,
        queued: [@Sendable () throws -> T]
    ) throws -> () -> [Result<T, any Error>] {
        let holder = try AccountHolder(url: temporary.url, lock: lock)
        let results = Locked<[Int: Result<T, any Error>]>([:])
        let group = DispatchGroup()
        let calls = [first] + queued
        for (index, call) in calls.enumerated() {
            group.enter()
            Thread {
                let result = Result { try call() }
                results.withLock { $0[index] = result }
                group.leave()
            }.start()
            // One at a time, in order: the first leads, the others queue behind it.
            let deadline = Date().addingTimeInterval(10)
            while temporary.database.waitingCount < index && Date() < deadline { usleep(1_000) }
            if index == 0 { usleep(50_000) }
        }
        #expect(temporary.database.waitingCount == queued.count)
        try holder.release()
        return {
            group.wait()
            return results.withLock { dictionary in calls.indices.map { dictionary[$0]! } }
        }
    }

    @Test("transfers queued together share one commit; a refusal and a quota are each their own, the others commit")
    func queuedTransfersShareOneCommit() throws {
        let (gateway, temporary) = try Self.gateway()
        let transfers = gateway.transfers
        let (events, before) = (try Self.count("events", in: temporary.database), temporary.database.statistics)
        let execute: @Sendable (NewTransfer) -> @Sendable () throws -> TransferOutcome = { new in { try transfers.execute(new, consuming: nil) } }
        let first = NewTransfer.fixture(id: "tr_0", to: "a_u_bob", amount: 100, recipient: "u_bob")
        let fine = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 200, recipient: "u_bob")
        let tooMuch = NewTransfer.fixture(id: "tr_2", to: "a_u_bob", amount: 1_000_000, recipient: "u_bob")
        let back = NewTransfer.fixture(id: "tr_3", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 400, recipient: "u_alice")

        let results = try Self.queueBehindHeldAccount(
            temporary, first: execute(first), queued: [execute(fine), execute(tooMuch), execute(back)])()

        #expect(try results[0].get() == .completed(first.transfer))
        #expect(try results[1].get() == .completed(fine.transfer))
        #expect(try results[2].get() == .insufficientFunds)
        #expect(try results[3].get() == .completed(back.transfer))
        let after = temporary.database.statistics
        #expect(after.commits - before.commits == 2, "the first alone, then the three queued behind it in one")
        #expect(after.committedWrites - before.committedWrites == 3, "the refused transfer's conditional statements stored nothing")
        #expect(after.abandonedGroups == before.abandonedGroups)
        #expect(try Self.balances(in: temporary.database) == [10_100, 9_900, 0])
        #expect(try Self.count("transfers WHERE id = 'tr_2'", in: temporary.database) == 0)
        #expect(try Self.count("transactions WHERE description LIKE 'Transfer%' ", in: temporary.database) == 6)
        #expect(try Self.count("events", in: temporary.database) == events + 6)
    }

    @Test("contact creates queued together share one commit; those past the quota store nothing, not even an event, and the others commit")
    func queuedCreatesPastTheQuota() throws {
        let (_, temporary) = try Self.gateway()
        let contacts = PostgresContactManager(database: temporary.database, quota: 2)
        let (events, before) = (try Self.count("events", in: temporary.database), temporary.database.statistics)
        let create: @Sendable (String) -> @Sendable () throws -> Void = { id in { try contacts.insert(.fixture(id: id, lastName: id)) } }

        // Alice's row held: her first create leads and waits at its lock, the others queue in its lane.
        let results = try Self.queueBehindHeldAccount(
            temporary, holding: "SELECT id FROM users WHERE id = 'u_alice' FOR UPDATE", first: create("c_1"),
            queued: [create("c_2"), create("c_3"), create("c_4")])()

        let refused = GatewayError.quotaExceeded(QuotaExceeded(kind: .contacts, limit: 2))
        #expect(throws: Never.self) { try results[0].get() }
        #expect(throws: Never.self) { try results[1].get() }
        #expect(throws: refused) { try results[2].get() }
        #expect(throws: refused) { try results[3].get() }
        let after = temporary.database.statistics
        #expect(after.commits - before.commits == 2, "the first alone, then the three queued behind it in one")
        #expect(after.committedWrites - before.committedWrites == 2)
        #expect(after.abandonedGroups == before.abandonedGroups)
        let ids = try temporary.database.read { try $0.statement("SELECT id FROM contacts ORDER BY id").rows { $0.string(at: 0) } }
        #expect(ids == ["c_1", "c_2"])
        #expect(try Self.count("events", in: temporary.database) == events + 2)
        let position = try temporary.database.read {
            try $0.statement("SELECT last_event_position, contact_count FROM users WHERE id = 'u_alice'").rows { [$0.int64(at: 0), $0.int64(at: 1)] }
        }
        #expect(position.first?[1] == 2)
        let lastEvent = try temporary.database.read {
            try $0.statement("SELECT max(position) FROM events WHERE user_id = 'u_alice'").rows { $0.int64(at: 0) }
        }
        #expect(position.first?[0] == lastEvent.first, "no position was taken for a refused create")
    }

    @Test("a write the server refuses inside a group (a taken id) fails alone: the group's writes run again each alone, and the others commit")
    func serverErrorRunsTheGroupAlone() throws {
        let (gateway, temporary) = try Self.gateway()
        let transfers = gateway.transfers
        let before = temporary.database.statistics
        let execute: @Sendable (NewTransfer) -> @Sendable () throws -> TransferOutcome = { new in { try transfers.execute(new, consuming: nil) } }
        let first = NewTransfer.fixture(id: "tr_0", to: "a_u_bob", amount: 100, recipient: "u_bob")
        let fine = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 200, recipient: "u_bob")
        let takenID = NewTransfer.fixture(id: "tr_0", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 300, recipient: "u_alice")
        let back = NewTransfer.fixture(id: "tr_3", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 400, recipient: "u_alice")

        let results = try Self.queueBehindHeldAccount(temporary, first: execute(first), queued: [execute(fine), execute(takenID), execute(back)])()

        #expect(try results[0].get() == .completed(first.transfer))
        #expect(try results[1].get() == .completed(fine.transfer))
        #expect(throws: GatewayError.self) { try results[2].get() }
        #expect(try results[3].get() == .completed(back.transfer))
        let after = temporary.database.statistics
        #expect(after.abandonedGroups - before.abandonedGroups == 1)
        #expect(after.committedWrites - before.committedWrites == 3)
        #expect(try Self.balances(in: temporary.database) == [10_100, 9_900, 0])
    }

    @Test("a group whose session the server ends while it waits for a lock runs each write again alone, and each commits once")
    func abandonedGroupRunsAlone() throws {
        let (gateway, temporary) = try Self.gateway(poolSize: 2)
        let transfers = gateway.transfers
        let admin = try PostgresConnection(url: temporary.url)
        let before = temporary.database.statistics
        let execute: @Sendable (NewTransfer) -> @Sendable () throws -> TransferOutcome = { new in { try transfers.execute(new, consuming: nil) } }
        let news = (0..<3).map { NewTransfer.fixture(id: "tr_\($0)", to: "a_u_bob", amount: 100, recipient: "u_bob") }
        // Another session inserts the group's first transfer id and keeps its transaction open:
        // the group, and only the group, waits on that uncommitted key, where its session is
        // ended. (Holding Bob's row instead raced: on a busy machine the group could take the row
        // between the first write's commit and the holder's wake-up, and never wait.)
        let keyHolder = try PostgresConnection(url: temporary.url)
        try keyHolder.execute("BEGIN")
        try keyHolder.statement(TransferSteps.insert).run(TransferRow.values(of: news[1].transfer))

        let finished = try Self.queueBehindHeldAccount(temporary, first: execute(news[0]), queued: [execute(news[1]), execute(news[2])])
        // End the session the key holder blocks (this test's database only: other tests run
        // beside it on the same server).
        let waiting = Date().addingTimeInterval(10)
        var ended = false
        while !ended && Date() < waiting {
            let pids = try admin.statement(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND $1::int = ANY(pg_blocking_pids(pid))"
            ).rows([.integer(Int64(keyHolder.backendProcessID))]) { $0.int64(at: 0) }
            for pid in pids {
                ended = try admin.statement("SELECT pg_terminate_backend($1::int, 5000)").rows([.integer(pid)]) { $0.bool(at: 0) }.first ?? false
            }
            if !ended { usleep(10_000) }
        }
        #expect(ended)
        try keyHolder.execute("ROLLBACK")
        let results = finished()
        for (index, result) in results.enumerated() { #expect(try result.get() == .completed(news[index].transfer)) }
        #expect(temporary.database.statistics.abandonedGroups - before.abandonedGroups == 1)
        #expect(try Self.balances(in: temporary.database) == [9_700, 10_300, 0])
    }

    @Test("two instances' groups of crossing transfers among four accounts never deadlock: each completes, the ledger holds")
    func twoInstancesCrossingTransfers() throws {
        let (gateway, temporary) = try Self.gateway()
        // Two more accounts, so a group's writes name accounts in every order.
        for (id, owner) in [("a_x_alice", "u_alice"), ("a_x_bob", "u_bob")] {
            try gateway.accounts.insert(Account(id: AccountID(id), ownerID: UserID(owner), name: "Second", currency: .cad, createdAt: Date()))
            try gateway.transactions.insert([Transaction(
                id: TransactionID("import_\(id)"), accountID: AccountID(id), group: .posted, direction: .credit,
                date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: 10_000)]) { _ in }
        }
        let accounts = [("a_u_alice", "u_alice"), ("a_x_bob", "u_bob"), ("a_u_bob", "u_bob"), ("a_x_alice", "u_alice")]
        let pairs = accounts.indices.flatMap { from in accounts.indices.filter { $0 != from }.map { (accounts[from], accounts[$0]) } }
        let otherDatabase = try PostgresDatabase(configuration: PostgresConfiguration(url: temporary.url))
        let instances = [gateway.transfers, PostgresEntityGateway(database: otherDatabase).transfers]
        let failures = Locked<[String]>([])
        // 32 threads an instance, 5 transfers each, crossing one another in every direction.
        Threads.run(count: 64) { thread in
            for round in 0..<5 {
                let id = "tr_\(thread)_\(round)"
                let (from, to) = pairs[(thread * 5 + round) % pairs.count]
                let new = NewTransfer.fixture(id: id, owner: from.1, from: from.0, to: to.0, amount: 10, recipient: to.1)
                do {
                    guard case .completed = try instances[thread % 2].execute(new, consuming: nil) else { throw GatewayError.failure("refused \(id)") }
                } catch {
                    failures.withLock { $0.append("\(id): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try Self.balances(in: temporary.database).reduce(0, +) == 40_000)
        #expect(try Self.count("transfers", in: temporary.database) == 320)
        #expect(try LedgerVerifier(database: temporary.database).verify().violations == [])
        let statistics = [temporary.database.statistics, otherDatabase.statistics]
        #expect(statistics.contains { $0.committedWrites > $0.commits }, "some transfers shared a commit: \(statistics)")
        #expect(statistics.allSatisfy { $0.abandonedGroups == 0 && $0.retries == 0 }, "no deadlock, even one a retry hid: \(statistics)")
    }

    @Test("only a server's error before the COMMIT proves it never ran: not one of the COMMIT, one after its answer, or a lost connection")
    func skippedCommitRule() {
        let ended = PostgresError(sqlState: "57P01", message: "terminating connection due to administrator command")
        #expect(PostgresConnection.skippedCommit(ended, failedAt: 3, commitAt: 5))
        #expect(!PostgresConnection.skippedCommit(ended, failedAt: 5, commitAt: 5))
        #expect(!PostgresConnection.skippedCommit(ended, failedAt: 6, commitAt: 5), "after the COMMIT's answer, as the session read the sync")
        #expect(!PostgresConnection.skippedCommit(ended, failedAt: nil, commitAt: 5))
        let lost = PostgresError(sqlState: "", message: "server closed the connection unexpectedly")
        #expect(!PostgresConnection.skippedCommit(lost, failedAt: 3, commitAt: 5))
    }

    /// A session of its own, in a transaction, whose lock waits end with an error after `timeout`.
    private static func session(of temporary: TemporaryPostgresDatabase, givingUpLockWaitsAfter timeout: String) throws -> PostgresConnection {
        let connection = try PostgresConnection(url: temporary.url)
        try connection.execute("SET lock_timeout = '\(timeout)'")
        try connection.execute("BEGIN")
        return connection
    }

    @Test("a group's lock of a user does not wait for a row that merely references the user, so it closes no cycle with that row's writer")
    func userLockIgnoresForeignKeyShares() throws {
        let (_, temporary) = try Self.gateway()
        // Another session inserts an event of Bob's and stays open: its foreign key holds `FOR KEY SHARE` on his row.
        let other = try PostgresConnection(url: temporary.url)
        try other.execute("BEGIN")
        try other.execute("INSERT INTO events (user_id, position, type, payload, created_at) VALUES ('u_bob', 999, 'test', '{}', 0)")
        defer { try? other.execute("ROLLBACK") }
        let locker = try Self.session(of: temporary, givingUpLockWaitsAfter: "500ms")
        #expect(throws: Never.self) { try locker.run(QuotaCheck.lockOwner, [.text("u_bob")]) }
        try locker.execute("ROLLBACK")
        // The writers themselves still queue: a second lock of the row waits for the first.
        try locker.execute("BEGIN")
        try locker.run(QuotaCheck.lockOwner, [.text("u_alice")])
        let second = try Self.session(of: temporary, givingUpLockWaitsAfter: "200ms")
        #expect(throws: PostgresError.self) { try second.run(QuotaCheck.lockOwner, [.text("u_alice")]) }
        try second.execute("ROLLBACK")
        try locker.execute("ROLLBACK")
    }

    @Test("a transfer joins the lane of its first account: the same accounts always share one, and different ones spread over all four")
    func lanesFollowTheFirstAccount() throws {
        let temporary = try TemporaryPostgresDatabase()
        let database = temporary.database
        #expect(database.groupCommitters.count == PostgresConfiguration.defaultGroupCommitLanes)
        let locks = RowLocks(accounts: [AccountID("a_2"), AccountID("a_1")], users: [UserID("u_1")])
        #expect(database.lane(of: locks) == database.lane(of: RowLocks(accounts: [AccountID("a_1"), AccountID("a_9")])))
        let lanes = Set((0..<100).map { database.lane(of: RowLocks(accounts: [AccountID("a_\($0)")])) })
        #expect(lanes == Set(0..<PostgresConfiguration.defaultGroupCommitLanes))
    }
}
