import Domain
import Foundation
import GatewayTestSupport
import Migrations
import PostgresGateway
import SQLRows
import TestSupport
import Testing

/// A write in pipeline mode (`PostgresConnection+Pipeline.swift`): what it costs in round trips,
/// how a queued statement's error fails it, and that the pooled connection comes back clean.
@Suite("PostgreSQL pipelined writes")
struct PostgresPipelineTests {
    /// A migrated database with the test owners, each holding `a_<id>`; Alice's funded with
    /// 100.00.
    private static func gateway(poolSize: Int = 8) throws -> (PostgresEntityGateway, TemporaryPostgresDatabase) {
        let temporary = try TemporaryPostgresDatabase(poolSize: poolSize)
        try Migrator(database: temporary.database).migrate()
        let gateway = PostgresEntityGateway(database: temporary.database)
        try gateway.users.registerTestOwners()
        let credit = Transaction(
            id: TransactionID("import_alice"), accountID: AccountID("a_u_alice"), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: 10_000)
        try gateway.transactions.insert([credit]) { _ in }
        return (gateway, temporary)
    }

    private static func count(_ table: String, in database: PostgresDatabase) throws -> Int64 {
        try database.read { try $0.statement("SELECT count(*) FROM \(table)").rows { $0.int64(at: 0) } }.first ?? -1
    }

    private static func balances(in database: PostgresDatabase) throws -> [Int64] {
        try database.read { try $0.statement("SELECT balance FROM accounts ORDER BY id").rows { $0.int64(at: 0) } }
    }

    private static func positions(in database: PostgresDatabase) throws -> [Int64] {
        try database.read { try $0.statement("SELECT last_event_position FROM users ORDER BY id").rows { $0.int64(at: 0) } }
    }

    private static func backendPID(of database: PostgresDatabase) throws -> Int64 {
        try database.read { try $0.statement("SELECT pg_backend_pid()").rows { $0.int64(at: 0) } }.first ?? 0
    }

    @Test("a transfer to another user costs one round trip: BEGIN, the locks, the legs if the funds cover them, the transfer, both events, its key's record and COMMIT")
    func transferRoundTrips() throws {
        let (gateway, temporary) = try Self.gateway()
        let key = IdempotencyKey("key-2")!
        #expect(try gateway.idempotency.reserve(owner: UserID("u_alice"), key: key, fingerprint: "f", now: Date()) == .reserved)
        for index in 1...2 {
            let before = temporary.database.statistics.roundTrips
            var new = NewTransfer.fixture(id: "tr_\(index)", to: "a_u_bob", amount: 1_000, recipient: "u_bob")
            new.idempotency = index == 2 ? IdempotentRequest(key: key, fingerprint: "f") : nil
            #expect(try gateway.transfers.execute(new, consuming: nil) == .completed(new.transfer))
            // The first on a fresh session prepares its statements in the pipeline too.
            #expect(temporary.database.statistics.roundTrips - before == 1, "transfer \(index)")
        }
        let named = try temporary.database.read { try $0.statement("SELECT transfer_id FROM idempotency_records").rows { $0.string(at: 0) } }
        #expect(named == ["tr_2"])
        #expect(try Self.balances(in: temporary.database) == [8_000, 2_000, 0])
        #expect(try Self.count("events", in: temporary.database) >= 4)
    }

    @Test("a fresh idempotency key is reserved in one round trip, and its completion, one statement, in one more")
    func idempotencyRoundTrips() throws {
        let (gateway, temporary) = try Self.gateway()
        for round in 1...2 {
            let key = IdempotencyKey("key-\(round)")!
            let before = temporary.database.statistics
            #expect(try gateway.idempotency.reserve(owner: UserID("u_alice"), key: key, fingerprint: "f", now: Date()) == .reserved)
            #expect(try gateway.idempotency.complete(owner: UserID("u_alice"), key: key, response: StoredResponse(status: 204, headers: [StoredResponse.Header](), body: [])))
            let after = temporary.database.statistics
            // The first on a fresh session prepares its statements in the pipeline too.
            #expect(after.roundTrips - before.roundTrips == 2, "round \(round)")
            #expect(after.commits - before.commits == 2)
        }
        #expect(try Self.count("idempotency_records", in: temporary.database) == 2)
    }

    @Test("a contact create costs one round trip: BEGIN, the owner's lock, the insert within the quota, its event and COMMIT")
    func contactCreateRoundTrips() throws {
        let (gateway, temporary) = try Self.gateway()
        let before = temporary.database.statistics.roundTrips
        try gateway.contacts.insert(.fixture(id: "c_1", firstName: "Grace"))
        #expect(temporary.database.statistics.roundTrips - before == 1)
        #expect(try Self.count("contacts", in: temporary.database) == 1)
        #expect(try Self.count("events", in: temporary.database) == 1)
    }

    @Test("a transfer's two legs are one insert: the balance trigger runs once for both, and they keep their order")
    func legsInOneStatement() throws {
        let (gateway, temporary) = try Self.gateway()
        // A statement-level trigger beside the balance one, counting the inserts into transactions.
        try temporary.database.write {
            try $0.execute("""
                CREATE TABLE leg_statements (n INT NOT NULL);
                CREATE FUNCTION count_leg_statement() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN INSERT INTO leg_statements VALUES (1); RETURN NULL; END; $$;
                CREATE TRIGGER leg_statements AFTER INSERT ON transactions FOR EACH STATEMENT EXECUTE FUNCTION count_leg_statement();
                """)
        }
        let new = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 1_500, recipient: "u_bob")
        #expect(try gateway.transfers.execute(new, consuming: nil) == .completed(new.transfer))
        #expect(try Self.count("leg_statements", in: temporary.database) == 1)
        let order = try temporary.database.read {
            try $0.statement("SELECT direction FROM transactions WHERE id <> 'import_alice' ORDER BY seq").rows { $0.string(at: 0) }
        }
        #expect(order == ["debit", "credit"])
        #expect(try Self.balances(in: temporary.database) == [8_500, 1_500, 0])
    }

    @Test("a queued leg whose id is taken fails the whole transfer as a conflict, at the commit, and stores nothing of it")
    func queuedDuplicateFailsWrite() throws {
        let (gateway, temporary) = try Self.gateway()
        let first = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 1_000, recipient: "u_bob")
        _ = try gateway.transfers.execute(first, consuming: nil)
        let (balances, events) = (try Self.balances(in: temporary.database), try Self.count("events", in: temporary.database))

        let again = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 2_000, recipient: "u_bob")
        do {
            _ = try gateway.transfers.execute(again, consuming: nil)
            Issue.record("a transfer with taken ids was stored")
        } catch let error as GatewayError {
            #expect(error.isConflict, "\(error)")
        }
        #expect(try Self.balances(in: temporary.database) == balances)
        #expect(try Self.count("events", in: temporary.database) == events)
        #expect(try Self.count("transfers", in: temporary.database) == 1)
    }

    @Test("a queued transfer row the CHECKs refuse (an amount of zero) fails the write as a conflict after its legs were queued, and keeps none of them")
    func queuedCheckViolationFailsWrite() throws {
        let (gateway, temporary) = try Self.gateway()
        let events = try Self.count("events", in: temporary.database)
        do {
            _ = try gateway.transfers.execute(.fixture(id: "tr_0", to: "a_u_bob", amount: 0, recipient: "u_bob"), consuming: nil)
            Issue.record("a transfer of zero was stored")
        } catch let error as GatewayError {
            #expect(error.isConflict, "\(error)")
        }
        #expect(try Self.count("transfers", in: temporary.database) == 0)
        #expect(try Self.count("transactions", in: temporary.database) == 1)
        #expect(try Self.count("events", in: temporary.database) == events)
    }

    @Test("an error in a queued statement reaches the caller as the PostgresError it is, with its SQLSTATE and constraint")
    func queuedErrorKeepsItsState() throws {
        let database = try TemporaryPostgresDatabase().database
        try database.write { try $0.execute("CREATE TABLE t (k TEXT CONSTRAINT t_key PRIMARY KEY, n INT CONSTRAINT t_positive CHECK (n > 0))") }
        do {
            try database.write { connection in
                try connection.enqueue("INSERT INTO t VALUES (?1, ?2)", [.text("a"), .integer(1)])
                try connection.enqueue("INSERT INTO t VALUES (?1, ?2)", [.text("b"), .integer(0)])
                try connection.enqueue("INSERT INTO t VALUES (?1, ?2)", [.text("c"), .integer(1)])
            }
            Issue.record("a CHECK violation was committed")
        } catch let error as PostgresError {
            #expect(error.sqlState == "23514")
            #expect(error.constraint == "t_positive")
        }
        #expect(try database.read { try $0.statement("SELECT count(*) FROM t").rows { $0.int64(at: 0) } } == [0])
    }

    @Test("after writes that failed in their pipeline, the same pooled session serves the next write and read, out of pipeline mode")
    func sessionCleanAfterFailure() throws {
        let database = try TemporaryPostgresDatabase(poolSize: 1).database
        try database.write { try $0.execute("CREATE TABLE t (k TEXT PRIMARY KEY)") }
        let pid = try Self.backendPID(of: database)
        struct Refused: Error {}
        // Fails at a read, with a queued statement behind the failing one.
        #expect(throws: PostgresError.self) {
            try database.write { connection in
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("a")])
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("a")])
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("b")])
                _ = try connection.rows("SELECT count(*) FROM t", []) { $0.int64(at: 0) }
            }
        }
        // Fails in Swift with statements queued and never sent.
        #expect(throws: Refused.self) {
            try database.write { connection in
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("c")])
                throw Refused()
            }
        }
        // Fails at the commit.
        #expect(throws: PostgresError.self) {
            try database.write { connection in
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("d")])
                try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("d")])
            }
        }
        let counted = try database.write { connection in
            try connection.enqueue("INSERT INTO t VALUES (?1)", [.text("e")])
            return try connection.rows("SELECT k FROM t ORDER BY k", []) { $0.string(at: 0) }
        }
        #expect(counted == ["e"])
        #expect(try database.read { try $0.statement("SELECT k FROM t").rows { $0.string(at: 0) } } == ["e"])
        // No reconnect was needed: the failures left the session usable.
        #expect(try Self.backendPID(of: database) == pid)
    }

    @Test("a statement that fails to prepare inside a pipeline is prepared again when next sent")
    func failedPrepareForgotten() throws {
        let database = try TemporaryPostgresDatabase(poolSize: 1).database
        let insert = "INSERT INTO t VALUES (?1)"
        #expect(throws: PostgresError.self) {
            try database.write { try $0.enqueue(insert, [.text("a")]) }
        }
        try database.write { try $0.execute("CREATE TABLE t (k TEXT PRIMARY KEY)") }
        try database.write { try $0.enqueue(insert, [.text("a")]) }
        #expect(try database.read { try $0.statement("SELECT k FROM t").rows { $0.string(at: 0) } } == ["a"])
    }

    @Test("a transfer on a pooled session the server ended runs again on a fresh session")
    func writeSurvivesLostSession() throws {
        let (gateway, temporary) = try Self.gateway(poolSize: 1)
        let pid = try Self.backendPID(of: temporary.database)
        let admin = try PostgresConnection(url: temporary.url)
        _ = try admin.statement("SELECT pg_terminate_backend($1::int, 5000)").rows([.integer(pid)]) { $0.bool(at: 0) }
        let new = NewTransfer.fixture(id: "tr_1", to: "a_u_bob", amount: 1_000, recipient: "u_bob")
        #expect(try gateway.transfers.execute(new, consuming: nil) == .completed(new.transfer))
        #expect(try Self.backendPID(of: temporary.database) != pid)
        #expect(try Self.balances(in: temporary.database) == [9_000, 1_000, 0])
    }

    @Test("an event for a user who is gone fails its write and stores nothing")
    func appendForMissingUserFails() throws {
        let (_, temporary) = try Self.gateway()
        let (positions, events) = (try Self.positions(in: temporary.database), try Self.count("events", in: temporary.database))
        #expect(throws: (any Error).self) {
            try GatewayError.mapping {
                try temporary.database.write { connection in
                    try OutboxSteps.append([.contactCreated(.fixture(id: "c_1", owner: "u_alice"))], on: connection)
                    try OutboxSteps.append([.contactCreated(.fixture(id: "c_2", owner: "u_gone"))], on: connection)
                }
            }
        }
        #expect(try Self.count("events", in: temporary.database) == events)
        #expect(try Self.positions(in: temporary.database) == positions)
    }

    @Test("crossing transfers between two users from many threads all commit and conserve the money")
    func crossingTransfersConserve() throws {
        let (gateway, temporary) = try Self.gateway()
        let bobFund = Transaction(
            id: TransactionID("import_bob"), accountID: AccountID("a_u_bob"), group: .posted, direction: .credit,
            date: CalendarDate(year: 2026, month: 11, day: 1)!, description: "Import", amount: 10_000)
        try gateway.transactions.insert([bobFund]) { _ in }
        let (positions, events) = (try Self.positions(in: temporary.database), try Self.count("events", in: temporary.database))
        let failures = Locked<[String]>([])
        let transfers = gateway.transfers
        Threads.run(count: 40) { index in
            let new = index.isMultiple(of: 2)
                ? NewTransfer.fixture(id: "tr_\(index)", to: "a_u_bob", amount: 100, recipient: "u_bob")
                : NewTransfer.fixture(id: "tr_\(index)", owner: "u_bob", from: "a_u_bob", to: "a_u_alice", amount: 100, recipient: "u_alice")
            do {
                guard case .completed = try transfers.execute(new, consuming: nil) else { throw GatewayError.failure("refused \(index)") }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try Self.balances(in: temporary.database) == [10_000, 10_000, 0])
        #expect(try Self.count("events", in: temporary.database) == events + 80)
        #expect(try Self.positions(in: temporary.database) == [positions[0] + 40, positions[1] + 40, positions[2]])
    }
}
