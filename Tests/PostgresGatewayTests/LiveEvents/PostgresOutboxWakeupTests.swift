import Domain
import Foundation
import GatewayTestSupport
import Migrations
import SQLRows
import TestSupport
import Testing
@testable import PostgresGateway

/// Two `PostgresDatabase`s on one server play two instances of viperd: each with its notifier
/// and its listener, as `Storage.startOutboxWakeups` wires them.
@Suite("Outbox wake-ups across PostgreSQL instances")
struct PostgresOutboxWakeupTests {
    private let temporary: TemporaryPostgresDatabase
    private let alice = UserID("u_alice")
    private let bob = UserID("u_bob")

    init() throws {
        temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        try temporary.database.write { connection -> Void in
            try connection.execute("""
                INSERT INTO users (id, name, email, password_hash, created_at) VALUES
                    ('u_alice', 'Alice', 'alice@example.com', 'x', 0), ('u_bob', 'Bob', 'bob@example.com', 'x', 0)
                """)
        }
    }

    @Test("an event committed on one instance wakes the other's listener for its user within 2 s, and not the sender's own")
    func growthReachesTheOtherInstance() throws {
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { first.resyncs.current == 1 && second.resyncs.current == 1 })

        try append(for: alice, on: first.database)

        #expect(eventually(within: 2) { second.grown.current.contains(alice) })
        // Both listeners hear the one notification at once: the first's had its chance too.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(first.grown.current.isEmpty)
        #expect(second.grown.current == [alice])
    }

    @Test("the wake-up is sent after the commit: nothing arrives while the transaction is open")
    func neverInsideTheTransaction() throws {
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })
        let appended = DispatchSemaphore(value: 0)
        let commit = DispatchSemaphore(value: 0)
        let committed = DispatchSemaphore(value: 0)
        let database = first.database
        let user = alice
        Thread {
            _ = try? database.write { connection in
                try OutboxSteps.append([OutboxEvent(userID: user, type: .emailVerified, createdAt: Date())], on: connection)
                appended.signal()
                commit.wait()
            }
            committed.signal()
        }.start()
        appended.wait()

        Thread.sleep(forTimeInterval: 0.5)
        #expect(second.grown.current.isEmpty)

        commit.signal()
        committed.wait()
        #expect(eventually(within: 2) { second.grown.current == [alice] })
    }

    @Test("the users of many commits at once all arrive, gathered while a wake-up is on its way")
    func manyCommitsAllArrive() throws {
        let users = try insertUsers(count: 400)
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })
        let database = first.database

        Threads.run(count: 8) { writer in
            for user in users[(writer * 50)..<(writer * 50 + 50)] {
                _ = try? database.write { connection in
                    try OutboxSteps.append([OutboxEvent(userID: user, type: .emailVerified, createdAt: Date())], on: connection)
                }
            }
        }

        #expect(eventually(within: 5) { Set(second.grown.current) == Set(users) })
    }

    @Test("one commit naming more users than a payload holds wakes every one of them")
    func moreUsersThanOnePayload() throws {
        // 400 ids of 22 bytes and their commas: 9,200 bytes, over a payload's 7,000.
        let users = try insertUsers(count: 400)
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })

        try first.database.write { connection in
            try OutboxSteps.append(users.map { OutboxEvent(userID: $0, type: .emailVerified, createdAt: Date()) }, on: connection)
        }

        #expect(eventually(within: 5) { Set(second.grown.current) == Set(users) })
    }

    @Test("a notification whose payload is not ours is ignored, and the listener carries on")
    func garbageIgnored() throws {
        let second = try Instance(url: temporary.url)
        defer { second.stop() }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })
        let sender = try PostgresConnection(url: temporary.url)

        for payload in ["", "u_a,,u_b", "u_a;DROP TABLE users", "u_é", String(repeating: "z", count: 7_999), ",", "u_ok,", "**"] {
            try sender.statement("SELECT pg_notify('viperd_outbox', ?1)").run([.text(payload)])
        }
        try sender.statement("SELECT pg_notify('another_channel', ?1)").run([.text("u_elsewhere")])
        try sender.statement("SELECT pg_notify('viperd_outbox', ?1)").run([.text("u_after")])

        #expect(eventually(within: 2) { second.grown.current.contains(UserID("u_after")) })
        #expect(second.grown.current == [UserID("u_after")])
        #expect(second.resyncs.current == 1)
    }

    @Test("a star from a notifier that lost track of its users asks for a resync")
    func starResyncs() throws {
        let second = try Instance(url: temporary.url)
        defer { second.stop() }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })

        try PostgresConnection(url: temporary.url).statement("SELECT pg_notify('viperd_outbox', '*')").run()

        #expect(eventually(within: 2) { second.resyncs.current == 2 })
        #expect(second.grown.current.isEmpty)
    }

    @Test("a listener whose session is terminated listens again and asks for a resync; wake-ups reach it again")
    func listenerReconnects() throws {
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { second.resyncs.current == 1 && first.resyncs.current == 1 })

        // Every listener of this database: both instances lose theirs.
        try terminate(applicationName: "viperd-outbox-listener", expecting: 2)

        #expect(eventually(within: 3) { second.resyncs.current == 2 && first.resyncs.current == 2 })
        try append(for: bob, on: first.database)
        #expect(eventually(within: 2) { second.grown.current == [bob] })
    }

    @Test("a notifier whose session is terminated connects again and sends the next commit's wake-up")
    func notifierReconnects() throws {
        let first = try Instance(url: temporary.url)
        let second = try Instance(url: temporary.url)
        defer {
            first.stop()
            second.stop()
        }
        #expect(eventually(within: 2) { second.resyncs.current == 1 })
        try append(for: alice, on: first.database)
        #expect(eventually(within: 2) { second.grown.current == [alice] })

        try terminate(applicationName: "viperd-outbox-notifier", expecting: 1)
        try append(for: bob, on: first.database)

        #expect(eventually(within: 3) { second.grown.current == [alice, bob] })
        #expect(first.errors.current.count == 1)
    }

    @Test("stopping ends both threads at once, even while waiting")
    func stopsPromptly() throws {
        let instance = try Instance(url: temporary.url)
        #expect(eventually(within: 2) { instance.resyncs.current == 1 })
        let start = Date()

        instance.stop()

        #expect(Date().timeIntervalSince(start) < 1)
        #expect(eventually(within: 2) { (try? sessions(applicationName: "viperd-outbox-listener")) == 0 })
    }

    /// `count` more users, with ids as long as the servers' (22 bytes: `u_` and 20 characters).
    private func insertUsers(count: Int) throws -> [UserID] {
        let users = (0..<count).map { UserID("u_many" + String(repeating: "0", count: 16 - String($0).count) + String($0)) }
        try temporary.database.write { connection in
            for user in users {
                try connection.statement("INSERT INTO users (id, name, email, password_hash, created_at) VALUES (?1, 'M', ?2, 'x', 0)")
                    .run([.text(user.rawValue), .text("\(user.rawValue)@example.com")])
            }
        }
        return users
    }

    private func append(for user: UserID, on database: PostgresDatabase) throws {
        try database.write { connection in
            try OutboxSteps.append([OutboxEvent(userID: user, type: .emailVerified, createdAt: Date())], on: connection)
        }
    }

    /// Ends the sessions of this test's database that `applicationName` names, as an operator's
    /// `pg_terminate_backend` or a failover would.
    private func terminate(applicationName: String, expecting count: Int) throws {
        let ended = try temporary.database.read { connection in
            try connection.statement("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?1
                """).rows([.text(applicationName)]) { $0.bool(at: 0) }
        }
        #expect(ended == Array(repeating: true, count: count))
    }

    private func sessions(applicationName: String) throws -> Int64 {
        try temporary.database.read { connection in
            try connection.statement("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?1")
                .rows([.text(applicationName)]) { $0.int64(at: 0) }.first ?? -1
        }
    }
}

/// One viperd instance's wake-ups: its own database (pool), notifier and listener, and what the
/// listener told.
private final class Instance: Sendable {
    let database: PostgresDatabase
    let notifier: PostgresOutboxNotifier
    let listener: PostgresOutboxListener
    let grown = Locked<[UserID]>([])
    let resyncs = Locked(0)
    let errors = Locked<[String]>([])

    init(url: String) throws {
        database = try PostgresDatabase(configuration: PostgresConfiguration(url: url, poolSize: 4))
        let grown = grown
        let resyncs = resyncs
        let errors = errors
        let report: @Sendable (any Error) -> Void = { error in errors.withLock { $0.append(String(describing: error)) } }
        notifier = PostgresOutboxNotifier(database: database, errorHandler: report)
        listener = PostgresOutboxListener(
            database: database, ignoring: notifier, errorHandler: report,
            onGrowth: { users in grown.withLock { $0.append(contentsOf: users.sorted { $0.rawValue < $1.rawValue }) } },
            onResync: { resyncs.withLock { $0 += 1 } })
        notifier.start()
        listener.start()
    }

    func stop() {
        listener.stop()
        notifier.stop()
    }
}

extension Locked {
    /// The value now.
    fileprivate var current: Value { withLock { $0 } }
}
