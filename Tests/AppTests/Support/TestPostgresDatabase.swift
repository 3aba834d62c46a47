import App
import Domain
import Foundation
import PostgresGateway
import TestSupport

/// A fresh, empty database on the tests' PostgreSQL server (`TestPostgresServer`), one per test,
/// so tests never see each other's rows.
enum TestPostgresDatabase {
    /// Creates the database and returns its URL; fails with the server's reason when there is no
    /// server, so a missing PostgreSQL is a failure, never a silent pass.
    static func create(prefix: String = "app") throws -> String {
        let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(url: TestPostgresServer.url.get())
        try admin.execute("CREATE DATABASE \(name)")
        return try TestPostgresServer.url(database: name)
    }
}

extension TestApplication {
    /// The composed application on a fresh PostgreSQL database (`url`, or a new one).
    static func postgres(
        url: String? = nil, owner: String = "owner@example.com", clock: any Clock = SystemClock(), _ configure: (inout AppConfiguration) -> Void = { _ in }
    ) throws -> TestApplication {
        let url = try url ?? TestPostgresDatabase.create()
        return try TestApplication(clock: clock, owner: owner) { configuration in
            configuration.databaseURL = url
            configure(&configuration)
        }
    }
}

/// The store an end-to-end test runs on, for behaviours proved on both.
enum TestStore: String, CaseIterable, Sendable {
    case sqlite, postgres
}

extension TestApplication {
    /// A fresh application on `store` (a temporary SQLite file, or a fresh PostgreSQL database),
    /// whose "now" is `clock`.
    static func on(
        _ store: TestStore, clock: any Clock = SystemClock(), _ configure: @escaping (inout AppConfiguration) -> Void = { _ in }
    ) throws -> TestApplication {
        switch store {
        case .sqlite: try TestApplication(clock: clock, configure)
        case .postgres: try TestApplication.postgres(clock: clock, configure)
        }
    }
}
