import Domain
import PostgresGateway
import SQLRows
import SQLiteGateway

extension Store {
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
