import Domain
import Foundation
import GatewayTestSupport
import Migrations
import PostgresGateway
import SQLRows
import SQLiteGateway
import TestSupport
import Testing

/// The storage a contract test runs on: every EntityManager test runs once per backend, so the
/// two gateways keep one behaviour.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A fresh, migrated, empty store with the three test owners (`u_alice`, `u_bob`,
    /// `u_nobody`), each registered with a CAD account `a_<id>`.
    func makeStore(quotas: StorageQuotas = .standard) throws -> Store {
        let store: Store
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-contract-\(UUID().uuidString)")
            let configuration = DatabaseConfiguration(path: folder.appendingPathComponent("test.sqlite").path, readerCount: 4, synchronous: .off)
            let database = try Database(configuration: configuration)
            try Migrator(database: database).migrate()
            store = Store(
                gateway: SQLiteEntityGateway(database: database, quotas: quotas), backend: self,
                reopen: { SQLiteEntityGateway(database: try Database(configuration: configuration)) },
                cleanUp: { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            let name = "contract_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try PostgresConnection(url: TestPostgresServer.url.get())
            try admin.execute("CREATE DATABASE \(name)")
            let configuration = PostgresConfiguration(url: try TestPostgresServer.url(database: name), poolSize: 8)
            let database = try PostgresDatabase(configuration: configuration)
            try Migrator(database: database).migrate()
            store = Store(
                gateway: PostgresEntityGateway(database: database, quotas: quotas), backend: self,
                reopen: { PostgresEntityGateway(database: try PostgresDatabase(configuration: configuration)) }, cleanUp: {})
        }
        try store.gateway.users.registerTestOwners()
        return store
    }
}

/// A migrated store of one backend, for one test; its files go with it.
final class Store {
    let gateway: any EntityGateway
    let backend: Backend
    private let reopen: () throws -> any EntityGateway
    private let cleanUp: () -> Void

    init(gateway: any EntityGateway, backend: Backend, reopen: @escaping () throws -> any EntityGateway, cleanUp: @escaping () -> Void) {
        self.gateway = gateway
        self.backend = backend
        self.reopen = reopen
        self.cleanUp = cleanUp
    }

    /// A second gateway on the same data with nothing shared with `gateway` (its own SQLite
    /// `Database` on the same file, its own PostgreSQL pool and sessions): what a second
    /// process sees.
    func independentGateway() throws -> any EntityGateway {
        try reopen()
    }

    deinit {
        cleanUp()
    }
}

extension Backend {
    /// A fresh attempt counter of this backend: the in-memory one a SQLite instance counts in,
    /// or `PostgresAttemptCounter` on a migrated database of its own.
    func makeAttemptCounter() throws -> any AttemptCounter {
        switch self {
        case .sqlite:
            return InMemoryAttemptCounter()
        case .postgres:
            let name = "attempts_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try PostgresConnection(url: TestPostgresServer.url.get())
            try admin.execute("CREATE DATABASE \(name)")
            let database = try PostgresDatabase(configuration: PostgresConfiguration(url: try TestPostgresServer.url(database: name), poolSize: 8))
            try Migrator(database: database).migrate()
            return PostgresAttemptCounter(database: database)
        }
    }
}
