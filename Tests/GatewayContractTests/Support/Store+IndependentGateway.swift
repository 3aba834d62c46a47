import Domain
import PostgresGateway
import SQLiteGateway

extension Store {
    /// A second gateway on the same database with connections of its own, as another process
    /// would have: for PostgreSQL a second pool (other sessions), for SQLite a second `Database`
    /// (another writer and readers) on the same file.
    func independentGateway() throws -> any EntityGateway {
        switch gateway {
        case let sqlite as SQLiteEntityGateway:
            return SQLiteEntityGateway(database: try Database(configuration: sqlite.database.configuration))
        case let postgres as PostgresEntityGateway:
            return PostgresEntityGateway(database: try PostgresDatabase(configuration: postgres.database.configuration))
        default:
            throw GatewayError.failure("no independent gateway for \(type(of: gateway))")
        }
    }

    /// The number of rows of `table` (a fixed name chosen by the test), read past the managers
    /// to prove that a refused write stored nothing.
    func rowCount(in table: String) throws -> Int {
        let sql = "SELECT count(*) FROM \(table)"
        switch gateway {
        case let sqlite as SQLiteEntityGateway:
            return try sqlite.database.read { try $0.statement(sql).rows { $0.int(at: 0) }.first ?? -1 }
        case let postgres as PostgresEntityGateway:
            return try postgres.database.read { try $0.statement(sql).rows { $0.int(at: 0) }.first ?? -1 }
        default:
            throw GatewayError.failure("no row count for \(type(of: gateway))")
        }
    }
}
