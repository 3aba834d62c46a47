import Foundation
import PostgresGateway
import TestSupport

/// A new, empty database on the tests' PostgreSQL server, for one test.
///
/// Databases are not dropped afterwards: the throw-away server goes with the test process.
final class TemporaryPostgresDatabase {
    let url: String
    let database: PostgresDatabase

    init(poolSize: Int = 8) throws {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(url: TestPostgresServer.url.get())
        try admin.execute("CREATE DATABASE \(name)")
        url = try TestPostgresServer.url(database: name)
        database = try PostgresDatabase(configuration: PostgresConfiguration(url: url, poolSize: poolSize))
    }
}
