import Foundation
import GatewayTestSupport
import Migrations
import PostgresGateway
import SQLRows
import Testing

@Suite("Migrator on PostgreSQL")
struct PostgresMigratorTests {
    @Test("a new database gets every PostgreSQL migration once, and a second run applies nothing")
    func migratesOnce() throws {
        let database = try TemporaryPostgresDatabase().database
        let migrator = try Migrator(database: database)
        let before = try migrator.status()
        #expect(before.allSatisfy { $0.state == .pending })
        let applied = try migrator.migrate()
        let names = try Migration.embedded(.postgres).map(\.name)
        #expect(applied.map(\.name) == names)
        let again = try migrator.migrate()
        let pending = try migrator.pending()
        #expect(again.isEmpty)
        #expect(pending.isEmpty)
        try migrator.validate()
    }

    @Test("two migrators racing on one database apply each migration exactly once")
    func concurrentMigrators() throws {
        let temporary = try TemporaryPostgresDatabase()
        let second = try PostgresDatabase(configuration: PostgresConfiguration(url: temporary.url))
        let results = Locked<[Int]>([])
        let group = DispatchGroup()
        for database in [temporary.database, second] {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                let count = (try? Migrator(database: database).migrate().count) ?? -1
                results.withLock { $0.append(count) }
            }
        }
        group.wait()
        let counts = results.withLock { $0 }
        let known = try Migration.embedded(.postgres).count
        #expect(counts.reduce(0, +) == known)
        #expect(!counts.contains(-1))
    }

    @Test("a migration that fails keeps nothing and names the file with the server's reason")
    func failureRollsBack() throws {
        let database = try TemporaryPostgresDatabase().database
        let broken = try Migration(name: "0001_broken.sql", sql: "CREATE TABLE kept (id INT); SELECT no_such_column FROM kept;")
        let migrator = try Migrator(database: database, migrations: [broken])
        #expect(throws: MigrationError.self) { try migrator.migrate() }
        let tables = try database.read { try $0.statement("SELECT count(*) FROM pg_tables WHERE tablename = 'kept'").rows { $0.int(at: 0) } }
        #expect(tables == [0])
        let states = try migrator.status().map(\.state)
        #expect(states == [.pending])
    }
}
