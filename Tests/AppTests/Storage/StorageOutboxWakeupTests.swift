import App
import Domain
import Foundation
import Migrations
import PostgresGateway
import SQLRows
import Synchronization
import TestSupport
import Testing

/// `Storage.startOutboxWakeups` as the application wires it: two storages on one PostgreSQL
/// database play two instances, and an operator command a third writer.
@Suite("storage: outbox wake-ups")
struct StorageOutboxWakeupTests {
    @Test("on PostgreSQL another instance's commits and an operator command's reach onGrowth; this instance's own do not")
    func postgres() throws {
        let url = try TestPostgresDatabase.create(prefix: "wakeups")
        let instance = try Storage(.postgres(url: url), connections: 2)
        _ = try instance.migrator().migrate()
        try Self.database(of: instance).write { connection -> Void in
            try connection.execute("""
                INSERT INTO users (id, name, email, password_hash, created_at) VALUES
                    ('u_alice', 'Alice', 'alice@example.com', 'x', 0), ('u_bob', 'Bob', 'bob@example.com', 'x', 0),
                    ('u_carol', 'Carol', 'carol@example.com', 'x', 0)
                """)
        }
        let heard = Heard()
        instance.startOutboxWakeups(onGrowth: { heard.grew($0) }, onResync: { heard.resynced() })
        defer { instance.stopOutboxWakeups() }
        #expect(eventually(within: 2) { heard.resyncs == 1 })
        let other = try Storage(.postgres(url: url), connections: 2)
        other.startOutboxWakeups(onGrowth: { _ in }, onResync: {})
        defer { other.stopOutboxWakeups() }

        try Self.append(for: UserID("u_alice"), on: instance)
        try Self.append(for: UserID("u_bob"), on: other)
        let command = try Storage.forCommand(.postgres(url: url))
        try Self.append(for: UserID("u_carol"), on: command)
        try command.close()

        #expect(eventually(within: 2) { Set(heard.users) == [UserID("u_bob"), UserID("u_carol")] })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(Set(heard.users) == [UserID("u_bob"), UserID("u_carol")])
        #expect(heard.resyncs == 1)
    }

    @Test("on SQLite they start nothing: one process, whose outbox signal hears every commit")
    func sqlite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-wakeups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try Storage.forCommand(.sqlite(path: folder.appendingPathComponent("db.sqlite").path))
        let heard = Heard()

        storage.startOutboxWakeups(onGrowth: { heard.grew($0) }, onResync: { heard.resynced() })
        Thread.sleep(forTimeInterval: 0.2)
        storage.stopOutboxWakeups()

        #expect(heard.resyncs == 0)
        try storage.close()
    }

    private static func database(of storage: Storage) throws -> PostgresDatabase {
        guard case .postgres(let database) = storage.engine else { throw StorageTestError.notPostgres }
        return database
    }

    private static func append(for user: UserID, on storage: Storage) throws {
        try database(of: storage).write { connection in
            try OutboxSteps.append([OutboxEvent(userID: user, type: .emailVerified, createdAt: Date())], on: connection)
        }
    }
}

private enum StorageTestError: Error {
    case notPostgres
}

/// What the wake-ups told, from their threads.
private final class Heard: Sendable {
    private let state = Mutex<(users: [UserID], resyncs: Int)>(([], 0))

    var users: [UserID] { state.withLock { $0.users } }
    var resyncs: Int { state.withLock { $0.resyncs } }

    func grew(_ users: [UserID]) {
        state.withLock { $0.users += users }
    }

    func resynced() {
        state.withLock { $0.resyncs += 1 }
    }
}
